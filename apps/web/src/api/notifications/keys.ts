/** Which list of notifications: all of them or the unread ones, in pages of `limit`. */
export type NotificationListParams = { unread: boolean; limit: number };

/**
 * Query keys of the signed-in user's notifications. Every list sits under `lists()`, so the
 * stream and a mark-read reach each cached list (the bell's and the page's tabs) through one key.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** `GET /notifications/unread-count`. */
  unreadCount: () => ['notifications', 'unread-count'] as const,
  lists: () => ['notifications', 'list'] as const,
  /** `GET /notifications?unread&limit`, paged. */
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
};

/** Notifications per page on /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The latest ones the bell's menu shows. */
export const BELL_NOTIFICATIONS = 8;
