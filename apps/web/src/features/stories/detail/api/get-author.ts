import type { Profile } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../../lib/api';
import { detailKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** `GET /users/{username}`: the author's bio and follower count for the author card. */
export const getAuthor = (username: string, signal?: AbortSignal) =>
  get<Profile>(`/users/${encodeURIComponent(username)}`, signal ? { signal } : undefined);

export const authorQueryOptions = (username: string) =>
  queryOptions({
    queryKey: detailKeys.author(username),
    queryFn: ({ signal }) => getAuthor(username, signal),
    retry: retryUnlessClientError,
  });

export const useAuthor = (username: string | undefined) =>
  useQuery({ ...authorQueryOptions(username ?? ''), enabled: Boolean(username) });
