import type { Paged, Story, UserSummary } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../../lib/api';
import type { DiscoverState } from './url-state';

/** Spec §9: Discover's page size. */
export const DISCOVER_PAGE_SIZE = 12;
/** Matching authors shown above the results. */
const AUTHOR_MATCHES = 6;

type ResultsParams = Pick<DiscoverState, 'q' | 'genre' | 'sort' | 'page'>;

/**
 * A query searches (`GET /stories/search`, relevance first unless a sort is chosen); without one
 * the page lists (`GET /stories`, latest first unless a sort is chosen).
 */
export function getDiscoverResults(params: ResultsParams, signal?: AbortSignal) {
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

export const discoverResultsOptions = (params: ResultsParams) =>
  queryOptions({
    queryKey: ['stories', params.q ? 'search' : 'list', 'discover', params] as const,
    queryFn: ({ signal }) => getDiscoverResults(params, signal),
    // The old page stays on screen while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });

export const useDiscoverResults = (params: ResultsParams) =>
  useQuery(discoverResultsOptions(params));

/** `GET /users/search`: authors whose username starts with the query. */
export const getMatchingAuthors = (q: string, signal?: AbortSignal) =>
  get<UserSummary[]>('/users/search', {
    query: { q, limit: AUTHOR_MATCHES },
    ...(signal ? { signal } : {}),
  });

export const matchingAuthorsOptions = (q: string) =>
  queryOptions({
    queryKey: ['users', 'search', q] as const,
    queryFn: ({ signal }) => getMatchingAuthors(q, signal),
    enabled: q.length > 0,
  });

export function useMatchingAuthors(q: string) {
  const query = useQuery(matchingAuthorsOptions(q));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to search authors', error);
  }, [error]);
  return q.length > 0 ? (query.data ?? []) : [];
}
