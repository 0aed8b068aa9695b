import type { ContinueReading, Paged } from '@storyloom/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { BookOpenText, Compass, Play } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { LoadMore } from '../../../components/load-more';
import { StoryCover } from '../../../components/story/story-cover';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { chapterLine, formatRelativeTime } from '../../../lib/format';
import { pagedItems, pagedTotal } from '../../../lib/paging';

type Query = UseInfiniteQueryResult<InfiniteData<Paged<ContinueReading>>>;

/** Where the reader opens a story at a chapter (1-based position). */
export const readerLink = (storyId: string, chapter: number) =>
  `/stories/${storyId}/read?chapter=${chapter}`;

/** Stories the user is reading, each with the chapter to continue at. */
export function ContinueReadingList({ query }: { query: Query }) {
  if (query.isPending) {
    return (
      <ul className="space-y-4" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <li key={key} className="flex gap-4">
            <Skeleton className="aspect-[2/3] w-20" />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListError
        title="Could not load your reading"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const entries = pagedItems(
    query.data && {
      pages: query.data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => ({ ...item, id: item.story.id })),
      })),
    },
  );
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={BookOpenText}
        title="Nothing to continue yet"
        description="Stories you start reading will wait for you here, at the chapter where you stopped."
        action={
          <Link to="/stories" className={buttonClasses()}>
            <Compass aria-hidden="true" />
            Browse Stories
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="divide-y" data-testid="continue-reading">
        {entries.map((entry) => (
          <li key={entry.id} className="flex gap-4 py-4 first:pt-0">
            <Link
              to={`/stories/${entry.story.id}`}
              className="w-20 shrink-0 sm:w-24"
              tabIndex={-1}
              aria-hidden="true"
            >
              <StoryCover story={entry.story} />
            </Link>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h3 className="font-serif text-base font-semibold leading-snug sm:text-lg">
                <Link to={`/stories/${entry.story.id}`} className="hover:underline">
                  {entry.story.title}
                </Link>
              </h3>
              <p className="truncate text-sm text-muted-foreground">
                by{' '}
                <Link
                  to={`/profile/${encodeURIComponent(entry.story.author.username)}`}
                  className="hover:text-foreground hover:underline"
                >
                  {entry.story.author.username}
                </Link>
              </p>
              <p className="text-sm" data-testid="continue-chapter">
                {chapterLine(entry.chapter_order, entry.chapter_title, entry.story.chapters_count)}
              </p>
              <p className="text-xs text-muted-foreground">
                Last read {formatRelativeTime(entry.updated_at)}
              </p>
              <div className="mt-auto pt-2">
                <Link
                  to={readerLink(entry.story.id, entry.chapter_order)}
                  className={buttonClasses({ size: 'sm' })}
                  aria-label={`Continue reading ${entry.story.title} at chapter ${entry.chapter_order}`}
                >
                  <Play aria-hidden="true" />
                  Continue
                </Link>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore
        shown={entries.length}
        total={pagedTotal(query.data)}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
