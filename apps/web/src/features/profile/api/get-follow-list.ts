import { LIMITS, type Paged, type UserCard } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { nextPageParam } from '../../../lib/paging';
import { type FollowSide, profileKeys } from './keys';

/** `GET /users/{username}/followers|following`, 20 a page (spec §9). */
export const getFollowList = (
  username: string,
  side: FollowSide,
  page: number,
  signal?: AbortSignal,
) =>
  get<Paged<UserCard>>(`/users/${encodeURIComponent(username)}/${side}`, {
    query: { page, limit: LIMITS.pageSizeDefault },
    ...(signal ? { signal } : {}),
  });

export const followListQueryOptions = (username: string, side: FollowSide) =>
  infiniteQueryOptions({
    queryKey: profileKeys.followList(username, side),
    queryFn: ({ pageParam, signal }) => getFollowList(username, side, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 0,
  });

export const useFollowList = (username: string, side: FollowSide, enabled: boolean) =>
  useInfiniteQuery({ ...followListQueryOptions(username, side), enabled });
