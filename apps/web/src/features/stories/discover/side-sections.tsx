import type { Story } from '@storyloom/shared';
import { Award, BookOpen, PenLine, Sparkles, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { useStorySection } from '../../../api/stories/get-story-list';
import type { StoryListParams } from '../../../api/stories/keys';
import { StoryCardSkeleton, StoryGrid } from '../../../components/story/story-card';
import { StoryCover } from '../../../components/story/story-cover';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** Recommendations: 6 (popular when signed in, trending for visitors); Editor's Picks: 3. */
const RECOMMENDED = 6;
const PICKS = 3;

/** The lists the side sections show. */
export const sideSectionLists = (signedIn: boolean): StoryListParams[] => [
  recommendationsList(signedIn),
  picksList,
];
const recommendationsList = (signedIn: boolean): StoryListParams => ({
  sort: signedIn ? 'popular' : 'trending',
  limit: RECOMMENDED,
});
const picksList: StoryListParams = { sort: 'popular', limit: PICKS };

export function Recommendations({ signedIn }: { signedIn: boolean }) {
  const { stories, loading } = useStorySection(recommendationsList(signedIn));
  if (!loading && stories.length === 0) return null;
  const title = signedIn ? 'Recommended for You' : 'Popular Right Now';
  const Icon = signedIn ? Sparkles : TrendingUp;
  return (
    <section aria-labelledby="recommended-title" className="mt-16" data-testid="recommendations">
      <h2
        id="recommended-title"
        className="mb-6 flex items-center gap-2 font-serif text-2xl font-bold"
      >
        <Icon className="size-6 text-primary" aria-hidden="true" />
        {title}
      </h2>
      {loading ? (
        <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-6">
          {Array.from({ length: RECOMMENDED }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <StoryCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <StoryGrid stories={stories} className="lg:grid-cols-6" />
      )}
    </section>
  );
}

/**
 * Three popular stories, each with its author's username (the spec's first 8 characters of the
 * author id collide between authors, since ids are time-ordered: decision 018).
 */
export function EditorsPicks() {
  const { stories, loading } = useStorySection(picksList);
  if (!loading && stories.length === 0) return null;
  return (
    <section
      aria-labelledby="editors-picks-title"
      className="rounded-2xl border bg-card p-5"
      data-testid="editors-picks"
    >
      <h2 id="editors-picks-title" className="flex items-center gap-2 font-semibold">
        <Award className="size-5 text-amber-500" aria-hidden="true" />
        Editor's Picks This Week
      </h2>
      <ul className="mt-4 space-y-4">
        {loading
          ? Array.from({ length: PICKS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={index} className="flex gap-3" aria-hidden="true">
                <Skeleton className="h-20 w-14 shrink-0" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-4/5" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </li>
            ))
          : stories.map((story) => <Pick key={story.id} story={story} />)}
      </ul>
    </section>
  );
}

function Pick({ story }: { story: Story }) {
  return (
    <li className="relative flex gap-3">
      <div className="w-14 shrink-0">
        <StoryCover story={story} />
      </div>
      <div className="min-w-0">
        <Link
          to={`/stories/${story.id}`}
          className="line-clamp-2 font-serif font-semibold leading-snug after:absolute after:inset-0 hover:underline"
        >
          {story.title}
        </Link>
        <p className="mt-1 truncate text-sm text-muted-foreground">
          by{' '}
          <Link
            to={`/profile/${encodeURIComponent(story.author.username)}`}
            className="relative z-10 hover:text-foreground hover:underline"
            data-testid="pick-author"
          >
            {story.author.username}
          </Link>
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{story.genre}</p>
      </div>
    </li>
  );
}

/** Shown to visitors: reading is free, writing and saving need an account. */
export function SignUpBanner() {
  return (
    <section
      aria-labelledby="signup-banner-title"
      className="rounded-2xl bg-gradient-to-br from-indigo-600 to-pink-600 p-5 text-white"
      data-testid="signup-banner"
    >
      <h2 id="signup-banner-title" className="flex items-center gap-2 font-semibold">
        <BookOpen className="size-5" aria-hidden="true" />
        Join the community
      </h2>
      <p className="mt-2 text-sm text-white/90">
        Sign up free to save stories, follow authors and publish your own.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to="/auth/signup"
          className={buttonClasses({
            size: 'sm',
            variant: 'secondary',
            className: 'bg-white! text-indigo-700! hover:bg-white/90!',
          })}
        >
          <PenLine aria-hidden="true" />
          Sign Up Free
        </Link>
        <Link
          to="/auth/login"
          className={buttonClasses({
            size: 'sm',
            variant: 'ghost',
            className: 'text-white hover:bg-white/15 hover:text-white',
          })}
        >
          Sign In
        </Link>
      </div>
    </section>
  );
}
