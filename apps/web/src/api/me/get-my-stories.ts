import type { Story } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { meKeys } from './keys';

const MY_STORIES_PAGE_SIZE = 10;

/** `GET /users/me/stories`: the signed-in user's stories, private ones included, newest first. */
export const myStoriesQueryOptions = () =>
  pagedListQueryOptions<Story>(
    meKeys.stories(MY_STORIES_PAGE_SIZE),
    '/users/me/stories',
    MY_STORIES_PAGE_SIZE,
  );

export const useMyStories = () => useInfiniteQuery(myStoriesQueryOptions());
