import type { Profile } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { refreshEachVisit } from '../../lib/page-data';
import { retryUnlessClientError } from '../retry';
import { userKeys } from './keys';

/** `GET /users/{username}` (a user id works too), as the owner's privacy settings allow. */
export const getUser = (username: string, signal?: AbortSignal) =>
  get<Profile>(`/users/${encodeURIComponent(username)}`, signal ? { signal } : undefined);

export const userQueryOptions = (username: string) =>
  queryOptions({
    queryKey: userKeys.profile(username),
    queryFn: ({ signal }) => getUser(username, signal),
    retry: retryUnlessClientError,
  });

/** The profile page: counts move with every follow, so the cached profile shows, then refreshes. */
export const useProfile = (username: string) =>
  useQuery({ ...userQueryOptions(username), staleTime: refreshEachVisit });

/** A story's author card: bio and follower count, once the story names its author. */
export const useAuthor = (username: string | undefined) =>
  useQuery({ ...userQueryOptions(username ?? ''), enabled: Boolean(username) });
