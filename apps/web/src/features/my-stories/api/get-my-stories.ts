import type { Paged, Story } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { nextPageParam } from '../../../lib/paging';

export const MY_STORIES_PAGE_SIZE = 10;

export const myStoriesKey = ['my-stories', { limit: MY_STORIES_PAGE_SIZE }] as const;

/** `GET /users/me/stories`: the signed-in user's stories, private ones included, newest first. */
export const getMyStories = (page: number, signal?: AbortSignal) =>
  get<Paged<Story>>('/users/me/stories', {
    query: { page, limit: MY_STORIES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const myStoriesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: myStoriesKey,
    queryFn: ({ pageParam, signal }) => getMyStories(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Stories are edited on other pages: show the latest on arrival.
    staleTime: 0,
  });

export const useMyStories = () => useInfiniteQuery(myStoriesQueryOptions());
