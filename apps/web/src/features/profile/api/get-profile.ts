import type { Profile } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, get } from '../../../lib/api';
import { profileKeys } from './keys';

/** `GET /users/{username}` (a user id works too), as the owner's privacy settings allow. */
export const getProfile = (username: string, signal?: AbortSignal) =>
  get<Profile>(`/users/${encodeURIComponent(username)}`, signal ? { signal } : undefined);

/** A 4xx (no such user) will not change on retry. */
const retryServerErrors = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => getProfile(username, signal),
    // Counts move with every follow; show the cached profile at once, then refresh it.
    staleTime: 0,
    retry: retryServerErrors,
  });

export const useProfile = (username: string) => useQuery(profileQueryOptions(username));

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
