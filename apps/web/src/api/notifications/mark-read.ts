import type { UnreadCount } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/api';
import { markCachedRead, setUnreadCount } from './cache';
import { notificationKeys } from './keys';

/** `POST /notifications/read {ids?}`: these (without ids, all); answers the unread count after. */
export const markNotificationsRead = (ids?: readonly string[]) =>
  post<UnreadCount>('/notifications/read', ids ? { ids } : {});

/**
 * Marks notifications read: the lists show it and the bell takes the server's new count. Given
 * in the hook's options, so it completes also when the notification clicked navigates away.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) => markNotificationsRead(ids),
    onSuccess: ({ count }, ids) => {
      setUnreadCount(queryClient, count);
      markCachedRead(queryClient, ids);
      return queryClient.invalidateQueries({
        queryKey: notificationKeys.lists(),
        predicate: (query) =>
          (query.queryKey[2] as { unread?: boolean } | undefined)?.unread === true,
      });
    },
  });
}
