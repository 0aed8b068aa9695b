import type { UserSummary } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';
import { userKeys } from './keys';

/** Matching authors shown above Discover's results. */
const AUTHOR_MATCHES = 6;

/** `GET /users/search`: authors whose username starts with the query. */
export const searchUsers = (q: string, signal?: AbortSignal) =>
  get<UserSummary[]>('/users/search', {
    query: { q, limit: AUTHOR_MATCHES },
    ...(signal ? { signal } : {}),
  });

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: userKeys.search(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: q.length > 0,
  });

/** The authors matching `q` (none for an empty query); a failure is logged, not shown. */
export function useMatchingAuthors(q: string) {
  const query = useQuery(userSearchQueryOptions(q));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to search authors', error);
  }, [error]);
  return q.length > 0 ? (query.data ?? []) : [];
}
