import { NOTIFICATION_LIMITS } from '@storyloom/shared';

/** What the bell's badge shows: nothing at 0, the count up to 99, then "99+". */
export function unreadBadge(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The bell's accessible name: "Notifications", "Notifications, 3 unread", "…, 999+ unread". */
export function notificationsLabel(count: number | undefined): string {
  if (!count || count <= 0) return 'Notifications';
  const shown =
    count >= NOTIFICATION_LIMITS.unreadCountMax ? `${NOTIFICATION_LIMITS.unreadCountMax}+` : count;
  return `Notifications, ${shown} unread`;
}
