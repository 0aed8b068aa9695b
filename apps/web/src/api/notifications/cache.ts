import type { Notification, Paged } from '@storyloom/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { type NotificationListParams, notificationKeys } from './keys';

type Pages = InfiniteData<Paged<Notification>>;

/** The params a list's key was made from (`notificationKeys.list`). */
const paramsOf = (key: QueryKey) => key[2] as NotificationListParams | undefined;

/** Each cached list with what `change` makes of it (given whether it holds unread ones only). */
function updateLists(
  queryClient: QueryClient,
  change: (data: Pages, unreadOnly: boolean) => Pages,
) {
  for (const [key, data] of queryClient.getQueriesData<Pages>({
    queryKey: notificationKeys.lists(),
  })) {
    if (data?.pages)
      queryClient.setQueryData<Pages>(key, change(data, paramsOf(key)?.unread ?? false));
  }
}

export function setUnreadCount(queryClient: QueryClient, count: number) {
  queryClient.setQueryData(notificationKeys.unreadCount(), { count });
}

/**
 * A notification that is new or has a new actor: it moves to the top of every cached list it
 * belongs in (once, wherever it was), and the totals follow.
 */
export function putNotificationFirst(queryClient: QueryClient, notification: Notification) {
  updateLists(queryClient, (data, unreadOnly) => {
    let found = false;
    const pages = data.pages.map((page) => {
      const items = page.items.filter((item) => item.id !== notification.id);
      if (items.length !== page.items.length) found = true;
      return { ...page, items };
    });
    const belongs = !unreadOnly || notification.read_at === null;
    const delta = (belongs ? 1 : 0) - (found ? 1 : 0);
    return {
      ...data,
      pages: pages.map((page, index) => ({
        ...page,
        total: Math.max(0, page.total + delta),
        items: index === 0 && belongs ? [notification, ...page.items] : page.items,
      })),
    };
  });
}

/** Marks these notifications (all of them without `ids`) read in every cached list. */
export function markCachedRead(queryClient: QueryClient, ids: readonly string[] | undefined) {
  const chosen = ids ? new Set(ids) : null;
  const readAt = new Date().toISOString();
  const matches = (item: Notification) => item.read_at === null && (!chosen || chosen.has(item.id));
  updateLists(queryClient, (data, unreadOnly) => {
    if (unreadOnly) {
      // The unread list drops them; it is refetched as well (see mark-read.ts).
      const removed = data.pages.reduce((sum, page) => sum + page.items.filter(matches).length, 0);
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          total: Math.max(0, page.total - removed),
          items: page.items.filter((item) => !matches(item)),
        })),
      };
    }
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (matches(item) ? { ...item, read_at: readAt } : item)),
      })),
    };
  });
}

/** Lists that may have missed changes (read in another tab, or while no stream was open). */
export const refreshLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
