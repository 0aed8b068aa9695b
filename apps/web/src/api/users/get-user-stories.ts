import type { Story } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { userKeys } from './keys';

/** Stories per page on a profile: three rows of four on a wide screen. */
const USER_STORIES_PAGE_SIZE = 12;

/** A user's stories, newest first: public ones, and private ones too when it is the caller. */
export const userStoriesQueryOptions = (username: string) =>
  pagedListQueryOptions<Story>(
    userKeys.stories(username),
    `/users/${encodeURIComponent(username)}/stories`,
    USER_STORIES_PAGE_SIZE,
  );

export const useUserStories = (username: string, enabled: boolean) =>
  useInfiniteQuery({ ...userStoriesQueryOptions(username), enabled });
