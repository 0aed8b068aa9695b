import type { ContinueReading, Paged, Story } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { nextPageParam } from '../../../lib/paging';

/** Stories per page in the library: three rows of four on a wide screen. */
export const LIBRARY_PAGE_SIZE = 12;

/**
 * Query keys. They start with 'library', which the save button invalidates; `saved` is the same
 * key the profile's SAVED tab uses, so both share one cache.
 */
export const libraryKeys = {
  all: ['library'] as const,
  saved: ['library', 'saved', { limit: LIBRARY_PAGE_SIZE }] as const,
  liked: ['library', 'liked', { limit: LIBRARY_PAGE_SIZE }] as const,
  reading: ['library', 'progress', { limit: LIBRARY_PAGE_SIZE }] as const,
};

const pageOf =
  <T>(path: string) =>
  (page: number, signal?: AbortSignal) =>
    get<Paged<T>>(path, {
      query: { page, limit: LIBRARY_PAGE_SIZE },
      ...(signal ? { signal } : {}),
    });

/** `GET /library`: saved stories, newest save first. */
export const getSaved = pageOf<Story>('/library');
/** `GET /users/me/likes`: liked stories, newest like first. */
export const getLiked = pageOf<Story>('/users/me/likes');
/** `GET /users/me/progress`: stories being read, most recently read first, with the chapter. */
export const getContinueReading = pageOf<ContinueReading>('/users/me/progress');

function listOptions<T>(
  queryKey: readonly unknown[],
  fetchPage: (page: number, signal?: AbortSignal) => Promise<Paged<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<T>,
    // Saves, likes and reads happen on other pages: always show the latest on arrival.
    staleTime: 0,
  });
}

export const useSavedStories = (enabled: boolean) =>
  useInfiniteQuery({ ...listOptions(libraryKeys.saved, getSaved), enabled });
export const useLikedStories = (enabled: boolean) =>
  useInfiniteQuery({ ...listOptions(libraryKeys.liked, getLiked), enabled });
export const useContinueReading = (enabled: boolean) =>
  useInfiniteQuery({ ...listOptions(libraryKeys.reading, getContinueReading), enabled });
