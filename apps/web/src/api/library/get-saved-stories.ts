import type { Story } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { LIBRARY_PAGE_SIZE, libraryKeys } from './keys';

/** `GET /library`: the signed-in user's saved stories, newest save first. */
export const savedStoriesQueryOptions = () =>
  pagedListQueryOptions<Story>(libraryKeys.saved(LIBRARY_PAGE_SIZE), '/library', LIBRARY_PAGE_SIZE);

export const useSavedStories = (enabled: boolean) =>
  useInfiniteQuery({ ...savedStoriesQueryOptions(), enabled });
