import { isMatureRating, RATING_MESSAGES, type Rating } from '@storyloom/shared';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mySettingsQueryOptions } from '../../api/me/get-my-settings';
import { useHydrated } from '../../lib/use-hydrated';
import { useAuthStore } from '../../stores/auth-store';
import { Button } from '../ui/button';
import { RatingBadge } from './rating-badge';

/** Stories whose notice was passed with Continue, for this browser tab's session. */
const CONTINUED_KEY = 'storyloom:mature-continued';

function continuedIds(): string[] {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(CONTINUED_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberContinued(id: string): void {
  try {
    const ids = continuedIds().filter((kept) => kept !== id);
    window.sessionStorage.setItem(CONTINUED_KEY, JSON.stringify([...ids, id].slice(-200)));
  } catch {
    // Storage refused (private mode): the notice shows again next time, nothing else changes.
  }
}

type GatedStory = { id: string; rating: Rating; author_id: string };

/**
 * Whether a Mature or Explicit story waits behind the notice (docs/decisions/023-ratings.md):
 * for visitors and for readers who have not turned on Show mature content, until they
 * Continue (remembered for the session); never for its author. 'pending' while a signed-in
 * reader's settings load; 'notice' on the server and during hydration, so no chapter text is
 * ever in a page sent before the reader chose.
 */
export function useMatureNotice(story: GatedStory | undefined) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const viewerId = useAuthStore((state) => (state.isAuthenticated ? state.user?.id : undefined));
  const settings = useQuery({ ...mySettingsQueryOptions(), enabled: signedIn });
  const [continued, setContinued] = useState<string | null>(null);
  const gated = story !== undefined && isMatureRating(story.rating) && viewerId !== story.author_id;
  // Only a gated story's page changes when hydration ends.
  const hydrated = useHydrated(gated);
  let state: 'open' | 'pending' | 'notice' = 'open';
  if (gated) {
    if (!hydrated) state = 'notice';
    else if (continued === story.id || continuedIds().includes(story.id)) state = 'open';
    else if (signedIn && settings.isPending) state = 'pending';
    else if (signedIn && settings.data?.showMatureContent) state = 'open';
    else state = 'notice';
  }
  return {
    state,
    proceed: () => {
      if (!story) return;
      rememberContinued(story.id);
      setContinued(story.id);
    },
  };
}

/** "This story is rated Mature …" with Continue and Go back, in place of the story. */
export function MatureNotice({ rating, onContinue }: { rating: Rating; onContinue: () => void }) {
  const navigate = useNavigate();
  const goBack = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <section
      className="mx-auto my-12 w-full max-w-xl rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      role="alertdialog"
      aria-labelledby="mature-notice-title"
      aria-describedby="mature-notice-body"
      data-testid="mature-notice"
    >
      <div className="flex items-center gap-3">
        <ShieldAlert className="size-6 shrink-0 text-orange-600 dark:text-orange-400" aria-hidden />
        <RatingBadge rating={rating} always />
      </div>
      <h1 id="mature-notice-title" className="mt-4 font-serif text-2xl font-bold tracking-tight">
        {RATING_MESSAGES.noticeTitle(rating)}
      </h1>
      <p id="mature-notice-body" className="mt-2 text-muted-foreground">
        {RATING_MESSAGES.noticeBody}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={onContinue}>{RATING_MESSAGES.noticeContinue}</Button>
        <Button variant="outline" onClick={goBack}>
          {RATING_MESSAGES.noticeGoBack}
        </Button>
      </div>
    </section>
  );
}
