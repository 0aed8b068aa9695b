import type { Notification, Paged } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { nextPageParam } from '../../lib/paging';
import { type NotificationListParams, notificationKeys } from './keys';

/** `GET /notifications?page&limit&unread=true`: newest activity first. */
export const getNotifications = (
  { unread, limit }: NotificationListParams,
  page: number,
  signal?: AbortSignal,
) =>
  get<Paged<Notification>>('/notifications', {
    query: { page, limit, unread: unread ? 'true' : undefined },
    ...(signal ? { signal } : {}),
  });

/**
 * A list of notifications, refreshed whenever it comes on screen; while it is cached the stream
 * puts new ones at its top (cache.ts).
 */
export const notificationsQueryOptions = (params: NotificationListParams) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ pageParam, signal }) => getNotifications(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<Notification>,
    staleTime: 0,
  });

export const useNotifications = (params: NotificationListParams) =>
  useInfiniteQuery(notificationsQueryOptions(params));
