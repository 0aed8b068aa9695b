import type { Paged, Story } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { nextPageParam } from '../../../lib/paging';
import { PROFILE_PAGE_SIZE, profileKeys } from './keys';

/** A user's stories, newest first: public ones, and private ones too when it is the caller. */
export const getUserStories = (username: string, page: number, signal?: AbortSignal) =>
  get<Paged<Story>>(`/users/${encodeURIComponent(username)}/stories`, {
    query: { page, limit: PROFILE_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const userStoriesQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: profileKeys.stories(username),
    queryFn: ({ pageParam, signal }) => getUserStories(username, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });

export const useUserStories = (username: string, enabled: boolean) =>
  useInfiniteQuery({ ...userStoriesQueryOptions(username), enabled });

/** `GET /library`: the signed-in user's saved stories, newest save first. */
export const getSavedStories = (page: number, signal?: AbortSignal) =>
  get<Paged<Story>>('/library', {
    query: { page, limit: PROFILE_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const savedStoriesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: profileKeys.saved(PROFILE_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getSavedStories(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });

export const useSavedStories = (enabled: boolean) =>
  useInfiniteQuery({ ...savedStoriesQueryOptions(), enabled });
