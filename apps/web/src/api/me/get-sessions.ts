import type { SessionView } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { meKeys } from './keys';

/** `GET /users/me/sessions`: every live sign-in of the user, the caller's own marked `current`. */
export const getSessions = (signal?: AbortSignal) =>
  get<SessionView[]>('/users/me/sessions', signal ? { signal } : undefined);

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.sessions,
    queryFn: ({ signal }) => getSessions(signal),
    // Other devices sign in and out meanwhile.
    staleTime: 0,
  });

export const useSessions = () => useQuery(sessionsQueryOptions());
