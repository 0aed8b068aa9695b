import type { Story } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { LIBRARY_PAGE_SIZE, libraryKeys } from './keys';

/** `GET /users/me/likes`: liked stories, newest like first. */
export const likedStoriesQueryOptions = () =>
  pagedListQueryOptions<Story>(
    libraryKeys.liked(LIBRARY_PAGE_SIZE),
    '/users/me/likes',
    LIBRARY_PAGE_SIZE,
  );

export const useLikedStories = (enabled: boolean) =>
  useInfiniteQuery({ ...likedStoriesQueryOptions(), enabled });
