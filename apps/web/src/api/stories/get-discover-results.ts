import { DISCOVERY, type StoryListPage } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { type DiscoverParams, storyKeys } from './keys';

/** Stories on one page of Discover. */
export const DISCOVER_PAGE_SIZE = 12;

/** The server pages only through its result window; the pager stops at the last page in it. */
export const DISCOVER_MAX_PAGES = Math.ceil(DISCOVERY.resultWindow / DISCOVER_PAGE_SIZE);

/**
 * A query searches (`GET /stories/search`, relevance first unless a sort is chosen); without one
 * the page lists (`GET /stories`, latest first unless a sort is chosen).
 */
export async function getDiscoverResults(
  params: DiscoverParams,
  signal?: AbortSignal,
): Promise<StoryListPage> {
  if (params.page > DISCOVER_MAX_PAGES) {
    // Past the window the server refuses the page; it is empty, and a one-story page tells the
    // total, so the page can say so and lead back to page 1.
    const first = await requestResults({ ...params, page: 1 }, 1, signal);
    return { ...first, items: [], page: params.page, limit: DISCOVER_PAGE_SIZE };
  }
  return requestResults(params, DISCOVER_PAGE_SIZE, signal);
}

function requestResults(params: DiscoverParams, limit: number, signal?: AbortSignal) {
  const query = {
    page: params.page,
    limit,
    genre: params.genre,
    sort: params.sort,
    ...(params.q ? { q: params.q } : params.filters),
  };
  return get<StoryListPage>(params.q ? '/stories/search' : '/stories', {
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

export const useDiscoverResults = (params: DiscoverParams, enabled = true) =>
  useQuery({ ...discoverResultsQueryOptions(params), enabled });
