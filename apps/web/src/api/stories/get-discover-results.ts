import type { Paged, Story } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { type DiscoverParams, storyKeys } from './keys';

/** Stories on one page of Discover. */
export const DISCOVER_PAGE_SIZE = 12;

/**
 * A query searches (`GET /stories/search`, relevance first unless a sort is chosen); without one
 * the page lists (`GET /stories`, latest first unless a sort is chosen).
 */
export function getDiscoverResults(params: DiscoverParams, signal?: AbortSignal) {
  const query = {
    page: params.page,
    limit: DISCOVER_PAGE_SIZE,
    genre: params.genre,
    sort: params.sort,
    ...(params.q ? { q: params.q } : {}),
  };
  return get<Paged<Story>>(params.q ? '/stories/search' : '/stories', {
    query,
    ...(signal ? { signal } : {}),
  });
}

export const discoverResultsQueryOptions = (params: DiscoverParams) =>
  queryOptions({
    queryKey: storyKeys.discover(params),
    queryFn: ({ signal }) => getDiscoverResults(params, signal),
    // The old page stays on screen while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

export const useDiscoverResults = (params: DiscoverParams) =>
  useQuery(discoverResultsQueryOptions(params));
