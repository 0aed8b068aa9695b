import type { Paged } from '@storyloom/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { pagedItems, pagedTotal } from '../../lib/paging';
import { ListError } from '../list-error';
import { LoadMore } from '../load-more';
import { type CardStory, StoryCardSkeleton, StoryGrid } from './story-card';

type PagedStoryGridProps<T extends CardStory> = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  /** Shown when the list is empty. */
  empty: ReactNode;
  errorTitle?: string;
  showPrivateBadge?: boolean;
  skeletons?: number;
  /** Shown under each card's details. */
  footer?: (story: T) => ReactNode;
};

/** A server-paged story grid: skeletons, the empty state, an error with retry, and Load more. */
export function PagedStoryGrid<T extends CardStory>({
  query,
  empty,
  errorTitle = 'Could not load stories',
  showPrivateBadge = false,
  skeletons = 8,
  footer,
}: PagedStoryGridProps<T>) {
  if (query.isPending) {
    return (
      <div className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <StoryCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const stories = pagedItems(query.data);
  if (stories.length === 0) return <>{empty}</>;
  return (
    <>
      <StoryGrid
        stories={stories}
        showPrivateBadge={showPrivateBadge}
        {...(footer ? { footer: (story: CardStory) => footer(story as T) } : {})}
      />
      <LoadMore
        shown={stories.length}
        total={pagedTotal(query.data)}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
