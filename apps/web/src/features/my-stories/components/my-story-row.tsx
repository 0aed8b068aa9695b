import type { Story } from '@storyloom/shared';
import { clsx } from 'clsx';
import {
  BookOpen,
  ChartColumn,
  Eye,
  Globe,
  Heart,
  Layers,
  Lock,
  MessageCircle,
  Pencil,
} from 'lucide-react';
import { Link } from 'react-router';
import { StoryCover } from '../../../components/story/story-cover';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCountOf, formatRelativeTime } from '../../../lib/format';

/** One of the user's stories: cover, title, visibility, counts, and Edit / View. */
export function MyStoryRow({ story }: { story: Story }) {
  const isPrivate = story.visibility === 'private';
  return (
    <li className="flex gap-4 py-5 first:pt-0" data-testid="my-story">
      <Link
        to={`/stories/${story.id}`}
        className="w-20 shrink-0 sm:w-24"
        tabIndex={-1}
        aria-hidden="true"
      >
        <StoryCover story={story} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 font-serif text-lg font-semibold leading-snug">
            <Link to={`/stories/${story.id}`} className="break-words hover:underline">
              {story.title}
            </Link>
          </h2>
          <span
            data-testid="visibility-badge"
            className={clsx(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
              isPrivate
                ? 'bg-muted text-muted-foreground'
                : 'bg-success/15 text-emerald-800 dark:text-success',
            )}
          >
            {isPrivate ? (
              <Lock className="size-3" aria-hidden="true" />
            ) : (
              <Globe className="size-3" aria-hidden="true" />
            )}
            {isPrivate ? 'Private' : 'Public'}
          </span>
        </div>
        {story.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{story.description}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-foreground/80">
            {story.genre}
          </span>
          <span className="inline-flex items-center gap-1">
            <Layers className="size-3.5" aria-hidden="true" />
            {formatCountOf(story.chapters_count, 'chapter')}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="story-reads">
            <BookOpen className="size-3.5" aria-hidden="true" />
            {formatCountOf(story.reads_count, 'read')}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="story-likes">
            <Heart className="size-3.5" aria-hidden="true" />
            {formatCountOf(story.votes_count, 'like')}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="story-comments">
            <MessageCircle className="size-3.5" aria-hidden="true" />
            {formatCountOf(story.comments_count, 'comment')}
          </span>
          <span>Updated {formatRelativeTime(story.updated_at)}</span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link
            to={`/stories/${story.id}/edit`}
            className={buttonClasses({ size: 'sm' })}
            aria-label={`Edit ${story.title}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Link>
          <Link
            to={`/stories/${story.id}`}
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
            aria-label={`View ${story.title}`}
          >
            <Eye aria-hidden="true" />
            View
          </Link>
          <Link
            to={`/stories/${story.id}/stats`}
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
            aria-label={`Stats of ${story.title}`}
          >
            <ChartColumn aria-hidden="true" />
            Stats
          </Link>
        </div>
      </div>
    </li>
  );
}

export function MyStoryRowSkeleton() {
  return (
    <li className="flex gap-4 py-5" aria-hidden="true">
      <Skeleton className="aspect-[2/3] w-20 sm:w-24" />
      <div className="flex-1 space-y-2 py-1">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="mt-4 h-8 w-32" />
      </div>
    </li>
  );
}
