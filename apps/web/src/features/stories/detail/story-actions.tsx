import type { StoryDetail } from '@storyloom/shared';
import { MODERATION_MESSAGES } from '@storyloom/shared';
import { BookOpen, EyeOff, Flag, PenLine, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { storyKeys } from '../../../api/stories/keys';
import { ReportDialog } from '../../../components/report-dialog';
import { AddToListButton } from '../../../components/social/add-to-list-button';
import { LikeButton } from '../../../components/social/like-button';
import { SaveButton } from '../../../components/social/save-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useAuthStore } from '../../../stores/auth-store';
import { readerPath } from './contents';
import { DownloadButton } from './download-button';
import { DETAIL_MESSAGES } from './messages';
import { shareLink, storyUrl } from './use-share-link';

function ShareButton({ storyId }: { storyId: string }) {
  return (
    <Button variant="outline" onClick={() => void shareLink(storyUrl(storyId))}>
      <Share2 aria-hidden="true" />
      {DETAIL_MESSAGES.share}
    </Button>
  );
}

function ReportButton({ story }: { story: StoryDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="report-story">
        <Flag aria-hidden="true" />
        Report
      </Button>
      <ReportDialog
        open={open}
        onOpenChange={setOpen}
        target="story"
        targetId={story.id}
        name={story.title}
      />
    </>
  );
}

/** What the author alone sees on a story the moderators hid: that, and their reason. */
export function HiddenNotice({ hidden }: { hidden: { reason: string | null } }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm"
      data-testid="hidden-notice"
    >
      <EyeOff className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div>
        <p className="font-semibold text-foreground">{MODERATION_MESSAGES.hiddenByModerators}</p>
        {hidden.reason ? <p className="mt-0.5 text-muted-foreground">{hidden.reason}</p> : null}
      </div>
    </div>
  );
}

interface StoryActionsProps {
  story: StoryDetail;
  isOwner: boolean;
  /** Where a returning signed-in reader goes on (contents.ts `continueAt`), else null. */
  resume: { number: number } | null;
  /** Whether the table of contents has loaded: the resume number is then the reader's own. */
  numbered: boolean;
}

/**
 * The author gets Edit Story, Read, Share and Download; everyone else Start Reading (Continue
 * Reading · Chapter N once they have opened a chapter), Like, Save, Share and Download. Nothing
 * to read or download while no chapter is published.
 */
export function StoryActions({ story, isOwner, resume, numbered }: StoryActionsProps) {
  const readable = story.chapters_count > 0;
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  if (isOwner) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="owner-actions">
        {story.hidden ? (
          <div className="w-full">
            <HiddenNotice hidden={story.hidden} />
          </div>
        ) : null}
        <Link
          to={`/stories/${encodeURIComponent(story.id)}/edit`}
          className={buttonClasses({ className: 'w-full sm:w-auto' })}
        >
          <PenLine aria-hidden="true" />
          {DETAIL_MESSAGES.editStory}
        </Link>
        {readable && (
          <Link
            to={readerPath(story.id, 1)}
            className={buttonClasses({ variant: 'outline' })}
            data-testid="read-button"
          >
            <BookOpen aria-hidden="true" />
            {DETAIL_MESSAGES.read}
          </Link>
        )}
        <AddToListButton storyId={story.id} title={story.title} />
        <ShareButton storyId={story.id} />
        {readable && <DownloadButton storyId={story.id} />}
      </div>
    );
  }
  const invalidate = [storyKeys.detail(story.id)];
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="reader-actions">
      {readable && (
        <Link
          // Without a number the reader opens the saved position itself.
          to={readerPath(story.id, resume && numbered ? resume.number : undefined)}
          className={buttonClasses({ className: 'w-full sm:w-auto' })}
          data-testid="read-button"
        >
          <BookOpen aria-hidden="true" />
          {resume ? (
            <span>
              {DETAIL_MESSAGES.continueReading}{' '}
              <span className="font-normal opacity-90" data-testid="read-button-chapter">
                · Chapter {resume.number}
              </span>
            </span>
          ) : (
            DETAIL_MESSAGES.startReading
          )}
        </Link>
      )}
      <LikeButton
        storyId={story.id}
        liked={story.is_liked ?? false}
        votes={story.votes_count}
        invalidate={invalidate}
      />
      <SaveButton storyId={story.id} saved={story.is_saved ?? false} invalidate={invalidate} />
      <AddToListButton storyId={story.id} title={story.title} />
      <ShareButton storyId={story.id} />
      {readable && <DownloadButton storyId={story.id} />}
      {signedIn ? <ReportButton story={story} /> : null}
    </div>
  );
}
