import type { UnreadCount } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { putNotificationFirst, refreshLists, setUnreadCount } from './cache';
import { notificationKeys } from './keys';

/**
 * While someone is signed in, keeps the notification stream open and the cache in step with it:
 * the bell's count, and each new notification at the top of the cached lists. `session` is the
 * access token: another one reconnects as that session, null (signed out) closes the stream.
 * The stream's code loads after the page, on its own (it is not needed to show anything).
 */
export function useNotificationStream(session: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!session || typeof window === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./notification-stream').then(
      ({ connectNotificationStream }) => {
        if (cancelled) return;
        stop = connectNotificationStream({
          onOpen: (resumed) => {
            if (!resumed) void refreshLists(queryClient);
          },
          onCount: (count) => {
            const cached = queryClient.getQueryData<UnreadCount>(notificationKeys.unreadCount());
            setUnreadCount(queryClient, count);
            // Read (or taken back) elsewhere: the lists' read marks are behind.
            if (cached && cached.count !== count) void refreshLists(queryClient);
          },
          onNotification: ({ notification, unread_count }) => {
            setUnreadCount(queryClient, unread_count);
            putNotificationFirst(queryClient, notification);
          },
        });
      },
      () => {
        // The chunk did not load (offline, or a new deployment): the count still refreshes
        // when the tab is revisited, and the next page load tries again.
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [session, queryClient]);
}
