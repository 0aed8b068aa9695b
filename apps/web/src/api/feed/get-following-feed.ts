import type { Story } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { feedKeys } from './keys';

/** Stories per page of the Following tab. */
const FOLLOWING_PAGE_SIZE = 20;

/** `GET /feed/following`: public stories by followed authors, newest first. */
export const followingFeedQueryOptions = () =>
  pagedListQueryOptions<Story>(
    feedKeys.following(FOLLOWING_PAGE_SIZE),
    '/feed/following',
    FOLLOWING_PAGE_SIZE,
  );

export const useFollowingFeed = (enabled: boolean) =>
  useInfiniteQuery({ ...followingFeedQueryOptions(), enabled });
