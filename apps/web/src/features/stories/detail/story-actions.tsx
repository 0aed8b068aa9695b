import type { StoryDetail } from '@storyloom/shared';
import { BookOpen, PenLine, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { storyKeys } from '../../../api/stories/keys';
import { LikeButton } from '../../../components/social/like-button';
import { SaveButton } from '../../../components/social/save-button';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DETAIL_MESSAGES } from './messages';
import { shareLink, storyUrl } from './use-share-link';

export const readerPath = (id: string) => `/stories/${encodeURIComponent(id)}/read`;

function ShareButton({ storyId }: { storyId: string }) {
  return (
    <Button variant="outline" onClick={() => void shareLink(storyUrl(storyId))}>
      <Share2 aria-hidden="true" />
      {DETAIL_MESSAGES.share}
    </Button>
  );
}

/**
 * The author gets Edit Story and Share; everyone else Start Reading (Continue Reading once
 * they have opened a chapter), Like, Save and Share.
 */
export function StoryActions({ story, isOwner }: { story: StoryDetail; isOwner: boolean }) {
  if (isOwner) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="owner-actions">
        <Link
          to={`/stories/${encodeURIComponent(story.id)}/edit`}
          className={buttonClasses({ className: 'w-full sm:w-auto' })}
        >
          <PenLine aria-hidden="true" />
          {DETAIL_MESSAGES.editStory}
        </Link>
        <ShareButton storyId={story.id} />
      </div>
    );
  }
  const invalidate = [storyKeys.detail(story.id)];
  const progress = story.progress ?? null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="reader-actions">
      <Link
        to={readerPath(story.id)}
        className={buttonClasses({ className: 'w-full sm:w-auto' })}
        data-testid="read-button"
      >
        <BookOpen aria-hidden="true" />
        {progress ? DETAIL_MESSAGES.continueReading : DETAIL_MESSAGES.startReading}
        {progress && (
          <span className="font-normal opacity-80" data-testid="read-button-chapter">
            · Chapter {progress.order}
          </span>
        )}
      </Link>
      <LikeButton
        storyId={story.id}
        liked={story.is_liked ?? false}
        votes={story.votes_count}
        invalidate={invalidate}
      />
      <SaveButton storyId={story.id} saved={story.is_saved ?? false} invalidate={invalidate} />
      <ShareButton storyId={story.id} />
    </div>
  );
}
