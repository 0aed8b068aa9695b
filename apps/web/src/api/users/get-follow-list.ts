import { LIMITS, type UserCard } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { type FollowSide, userKeys } from './keys';

/** `GET /users/{username}/followers|following`, a default-sized page at a time. */
export const followListQueryOptions = (username: string, side: FollowSide) =>
  pagedListQueryOptions<UserCard>(
    userKeys.follows(username, side),
    `/users/${encodeURIComponent(username)}/${side}`,
    LIMITS.pageSizeDefault,
  );

export const useFollowList = (username: string, side: FollowSide, enabled: boolean) =>
  useInfiniteQuery({ ...followListQueryOptions(username, side), enabled });
