import type { UnreadCount } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { notificationKeys } from './keys';

/** `GET /notifications/unread-count`: counted up to NOTIFICATION_LIMITS.unreadCountMax. */
export const getUnreadCount = (signal?: AbortSignal) =>
  get<UnreadCount>('/notifications/unread-count', signal ? { signal } : undefined);

/**
 * The stream (use-notification-stream.ts) keeps it current while it is connected; a refetch
 * on return to the tab covers the times it was not.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** The bell's count, for a signed-in user (`enabled`). */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({ ...unreadCountQueryOptions(), enabled });
