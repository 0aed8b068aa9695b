import { type Notification, notificationPath } from '@storyloom/shared';
import { Link } from 'react-router';
import { NotificationSummary } from '../../../components/notifications/notification-summary';
import { Skeleton } from '../../../components/ui/skeleton';

/** A notification on /notifications: the whole row leads to its place; unread ones stand out. */
export function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  /** Called as it is followed (an unread one is then marked read). */
  onOpen: () => void;
}) {
  return (
    <li>
      <Link
        to={notificationPath(notification)}
        onClick={onOpen}
        className="flex px-4 py-4 transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[unread]:bg-primary/5 data-[unread]:hover:bg-primary/10"
        data-unread={notification.read_at === null || undefined}
        data-testid="notification-row"
      >
        <NotificationSummary notification={notification} />
      </Link>
    </li>
  );
}

export function NotificationRowSkeleton() {
  return (
    <li className="flex gap-3 px-4 py-4">
      <Skeleton className="size-11 rounded-full" />
      <div className="flex-1 space-y-2 pt-1">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-20" />
      </div>
    </li>
  );
}
