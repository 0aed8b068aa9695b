import type { Paged, ReadingList, Story } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { retryUnlessClientError } from '../retry';
import { LIST_PAGE_SIZE, listKeys } from './keys';

const path = (id: string) => `/lists/${encodeURIComponent(id)}`;

/** `GET /lists/{id}`: a list others may see, or the caller's own. */
export const listQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listKeys.detail(id),
    queryFn: ({ signal }) => get<ReadingList>(path(id), { signal }),
    retry: retryUnlessClientError,
  });

export const useList = (id: string) => useQuery(listQueryOptions(id));

/** `GET /lists/{id}/stories`: one page of the stories the caller may see, in the list's order. */
export const listStoriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: listKeys.stories(id, page),
    queryFn: ({ signal }) =>
      get<Paged<Story>>(`${path(id)}/stories`, {
        signal,
        query: { page, limit: LIST_PAGE_SIZE },
      }),
    retry: retryUnlessClientError,
    placeholderData: keepPreviousData,
  });

export const useListStories = (id: string, page: number) =>
  useQuery(listStoriesQueryOptions(id, page));

/** `GET /users/me/lists`: the caller's lists; with a story, each says whether it holds it. */
export const useMyLists = (options: { storyId?: string; enabled?: boolean } = {}) =>
  useQuery({
    queryKey: listKeys.mine(options.storyId),
    queryFn: ({ signal }) =>
      get<ReadingList[]>('/users/me/lists', {
        signal,
        ...(options.storyId ? { query: { story_id: options.storyId } } : {}),
      }),
    enabled: options.enabled ?? true,
  });

/** `GET /users/{username}/lists`: a profile's public lists (the owner's own also private). */
export const useUserLists = (username: string, enabled: boolean) =>
  useQuery({
    queryKey: listKeys.ofUser(username),
    queryFn: ({ signal }) =>
      get<ReadingList[]>(`/users/${encodeURIComponent(username)}/lists`, { signal }),
    enabled,
    retry: retryUnlessClientError,
  });

/** `GET /users/me/lists/following`: the lists the caller follows. */
export const useFollowedLists = (page: number) =>
  useQuery({
    queryKey: listKeys.following(page),
    queryFn: ({ signal }) =>
      get<Paged<ReadingList>>('/users/me/lists/following', {
        signal,
        query: { page, limit: 24 },
      }),
  });
