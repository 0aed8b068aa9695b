import type { UserSummary } from '@storyloom/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';
import { userKeys } from './keys';

/** Authors the feed suggests at a time. */
const SUGGESTED_AUTHORS = 5;

/** `GET /users/suggested`: authors of popular stories the user does not follow yet. */
export const getSuggestedAuthors = (signal?: AbortSignal) =>
  get<UserSummary[]>('/users/suggested', {
    query: { limit: SUGGESTED_AUTHORS },
    ...(signal ? { signal } : {}),
  });

/** A failure is logged and the list left empty: it is a sidebar's extra. */
export function useSuggestedAuthors() {
  const query = useQuery({
    queryKey: userKeys.suggested(SUGGESTED_AUTHORS),
    queryFn: ({ signal }) => getSuggestedAuthors(signal),
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load suggested authors', error);
  }, [error]);
  return query;
}
