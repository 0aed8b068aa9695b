import type { Rating } from '@storyloom/shared';
import clsx from 'clsx';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { AddToListCardButton } from '../social/add-to-list-button';
import { AppLink } from '../ui/app-link';
import { Skeleton } from '../ui/skeleton';
import { RatingBadge } from './rating-badge';
import { type CoverStory, StoryCover } from './story-cover';

/** What a card shows: a full `Story` is one, and so is the API's `StoryCard`. */
export interface CardStory extends CoverStory {
  /** Shown in the list layout. */
  description?: string;
  visibility?: 'public' | 'private';
  reads_count: number;
  votes_count: number;
  comments_count: number;
  author?: { username: string };
  rating?: Rating;
}

interface StoryCardProps {
  story: CardStory;
  layout?: 'grid' | 'list';
  /** A number shown on the cover (Trending This Week). */
  rank?: number;
  /** Show the 'Private' badge (only the owner ever receives private stories). */
  showPrivateBadge?: boolean;
  className?: string;
  /** Shown under the card's details (e.g. the library's offline control). */
  footer?: ReactNode;
}

/** One story in a grid or a list: cover, title, author, genre, reads, likes and comments. */
export function StoryCard({
  story,
  layout = 'grid',
  rank,
  showPrivateBadge,
  className,
  footer,
}: StoryCardProps) {
  const list = layout === 'list';
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const privateBadge = showPrivateBadge && story.visibility === 'private';
  const byline = story.author ? (
    <p className="card-by">
      {'by '}
      <AppLink to={`/profile/${encodeURIComponent(story.author.username)}`}>
        {story.author.username}
      </AppLink>
    </p>
  ) : null;
  return (
    <article className={clsx('card', className)} data-layout={list ? 'list' : undefined}>
      {/* The cover's slot. In a list it is a box of the cover's own width, which the cover fills:
          a cover's padding is a share of the box it fills (styles.css). */}
      {privateBadge || list ? (
        <div>
          <StoryCover story={story} rank={rank} />
          {privateBadge ? (
            <span className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
              <Lock className="size-3" aria-hidden="true" />
              Private
            </span>
          ) : null}
        </div>
      ) : (
        <StoryCover story={story} rank={rank} />
      )}
      <div className="card-body">
        <h3 className="card-title">
          <AppLink to={`/stories/${story.id}`}>{story.title}</AppLink>
        </h3>
        {signedIn ? (
          // The list button at the end of the author's line, which truncates to make room for
          // it: beside the figures it wrapped alone in narrow cards.
          <div className="card-by-row">
            {byline}
            <AddToListCardButton storyId={story.id} title={story.title} />
          </div>
        ) : (
          byline
        )}
        {list && story.description && <p className="card-summary">{story.description}</p>}
        <p className="card-meta">
          <span className="card-genre">{story.genre}</span>
          <RatingBadge rating={story.rating} />
          {/* Reads, likes and comments: one group, which wraps to the next line whole. */}
          <span className="card-stats">
            <span>{formatCount(story.reads_count)}</span>
            <span>{formatCount(story.votes_count)}</span>
            <span>{formatCount(story.comments_count)}</span>
          </span>
        </p>
        {footer ? <div className="card-footer">{footer}</div> : null}
      </div>
    </article>
  );
}

export function StoryCardSkeleton({ layout = 'grid' }: { layout?: 'grid' | 'list' }) {
  return (
    <div
      className={clsx('flex gap-3', layout === 'list' ? 'flex-row' : 'flex-col')}
      aria-hidden="true"
    >
      <Skeleton className={clsx('aspect-[2/3]', layout === 'list' ? 'w-20 sm:w-24' : 'w-full')} />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  );
}

/** A responsive grid (or list) of story cards. */
export function StoryGrid({
  stories,
  layout = 'grid',
  ranked = false,
  showPrivateBadge = false,
  className,
  footer,
}: {
  stories: CardStory[];
  layout?: 'grid' | 'list';
  ranked?: boolean;
  showPrivateBadge?: boolean;
  className?: string;
  /** Shown under each card's details. */
  footer?: (story: CardStory) => ReactNode;
}) {
  return (
    <ul
      className={clsx(
        layout === 'grid'
          ? 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4'
          : 'flex flex-col gap-4',
        className,
      )}
    >
      {stories.map((story, index) => (
        <li key={story.id}>
          <StoryCard
            story={story}
            layout={layout}
            rank={ranked ? index + 1 : undefined}
            showPrivateBadge={showPrivateBadge}
            footer={footer?.(story)}
          />
        </li>
      ))}
    </ul>
  );
}
