import clsx from 'clsx';
import { BookOpen, Heart, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '../../lib/format';
import { Skeleton } from '../ui/skeleton';
import { type CoverStory, StoryCover } from './story-cover';

export interface CardStory extends CoverStory {
  description: string;
  visibility: 'public' | 'private';
  reads_count: number;
  votes_count: number;
  tags?: string[];
  author?: { id: string; username: string; profile_pic: string | null };
}

interface StoryCardProps {
  story: CardStory;
  layout?: 'grid' | 'list';
  /** A number shown on the cover (Trending This Week). */
  rank?: number;
  /** Show the 'Private' badge (only the owner ever receives private stories). */
  showPrivateBadge?: boolean;
  className?: string;
}

/** One story in a grid or a list: cover, title, author, genre, reads and likes. */
export function StoryCard({
  story,
  layout = 'grid',
  rank,
  showPrivateBadge,
  className,
}: StoryCardProps) {
  const list = layout === 'list';
  return (
    <article
      className={clsx(
        'group relative flex gap-3 rounded-lg',
        list ? 'flex-row items-start border-b border-border pb-4' : 'flex-col',
        className,
      )}
    >
      <div className={clsx('relative shrink-0', list ? 'w-20 sm:w-24' : 'w-full')}>
        <StoryCover story={story} rank={rank} />
        {showPrivateBadge && story.visibility === 'private' && (
          <span className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white">
            <Lock className="size-3" aria-hidden="true" />
            Private
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="line-clamp-2 font-serif text-base font-semibold leading-snug text-foreground">
          <Link
            to={`/stories/${story.id}`}
            className="after:absolute after:inset-0 hover:underline"
          >
            {story.title}
          </Link>
        </h3>
        {story.author && (
          <p className="truncate text-sm text-muted-foreground">
            by{' '}
            <Link
              to={`/profile/${encodeURIComponent(story.author.username)}`}
              className="relative z-10 hover:text-foreground hover:underline"
            >
              {story.author.username}
            </Link>
          </p>
        )}
        {list && story.description && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{story.description}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-foreground/80">
            {story.genre}
          </span>
          <span className="inline-flex items-center gap-1" title="Reads">
            <BookOpen className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Reads: </span>
            {formatCount(story.reads_count)}
          </span>
          <span className="inline-flex items-center gap-1" title="Likes">
            <Heart className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Likes: </span>
            {formatCount(story.votes_count)}
          </span>
        </p>
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
}: {
  stories: CardStory[];
  layout?: 'grid' | 'list';
  ranked?: boolean;
  showPrivateBadge?: boolean;
  className?: string;
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
          />
        </li>
      ))}
    </ul>
  );
}
