import type { Paged } from '@storyloom/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { get } from '../lib/api';
import { refreshEachVisit } from '../lib/page-data';
import { nextPageParam } from '../lib/paging';

/**
 * The shape every paged list shares (`GET path?page=&limit=`, page 1 first, more while the
 * server has them). Lists change on other pages (a save, a follow, an edit), so each is
 * refreshed on arrival.
 */
export function pagedListQueryOptions<T>(
  queryKey: readonly unknown[],
  path: string,
  limit: number,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      get<Paged<T>>(path, { query: { page: pageParam, limit }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<T>,
    staleTime: refreshEachVisit,
  });
}
