import { type Notification, notificationPath } from '@storyloom/shared';
import { BellOff, CheckCheck, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { useNotifications } from '../../api/notifications/get-notifications';
import { useUnreadCount } from '../../api/notifications/get-unread-count';
import { BELL_NOTIFICATIONS } from '../../api/notifications/keys';
import { useMarkNotificationsRead } from '../../api/notifications/mark-read';
import { NotificationSummary } from '../../components/notifications/notification-summary';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Skeleton } from '../../components/ui/skeleton';
import { pagedItems } from '../../lib/paging';
import { NotificationsTrigger } from './overlay-triggers';

/** The bell's menu: the latest notifications, Mark all as read, and the way to all of them. */
export function NotificationsMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <NotificationsTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        className="w-[min(24rem,calc(100vw-2rem))]"
        aria-label="Notifications"
        data-testid="notifications-menu"
      >
        <LatestNotifications />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The menu's content: mounted (and so fetched) only while the menu is open. */
function LatestNotifications() {
  const list = useNotifications({ unread: false, limit: BELL_NOTIFICATIONS });
  const unread = useUnreadCount(true).data?.count ?? 0;
  const markRead = useMarkNotificationsRead();
  const items = pagedItems(list.data).slice(0, BELL_NOTIFICATIONS);

  return (
    <>
      <div className="flex items-center justify-between gap-2 pl-2.5">
        <DropdownMenuLabel className="p-0 text-sm text-foreground">Notifications</DropdownMenuLabel>
        <DropdownMenuItem
          disabled={unread === 0 || markRead.isPending}
          onSelect={(event) => {
            // Stays open: the list below shows them read.
            event.preventDefault();
            markRead.mutate(undefined);
          }}
          className="text-xs font-medium text-primary [&_svg]:text-primary"
          data-testid="bell-mark-all-read"
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </DropdownMenuItem>
      </div>
      <DropdownMenuSeparator />
      <div className="max-h-[min(30rem,calc(100dvh-11rem))] overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <div className="space-y-1 p-1" role="status" aria-label="Loading notifications">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex gap-3 px-1.5 py-2">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2 pt-1">
                  <Skeleton className="h-3.5 w-full" />
                  <Skeleton className="h-3 w-16" />
                </div>
              </div>
            ))}
          </div>
        ) : list.isError && items.length === 0 ? (
          <div className="px-3 py-6 text-center text-sm" role="alert">
            <p className="text-muted-foreground">Could not load your notifications.</p>
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                void list.refetch();
              }}
              className="mx-auto mt-2 w-fit font-medium text-primary [&_svg]:text-primary"
            >
              <RefreshCw aria-hidden="true" />
              Try again
            </DropdownMenuItem>
          </div>
        ) : items.length === 0 ? (
          <div
            className="flex flex-col items-center px-4 py-8 text-center"
            data-testid="bell-empty"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <BellOff className="size-5" aria-hidden="true" />
            </span>
            <p className="mt-3 text-sm font-medium">No notifications yet</p>
            <p className="mt-1 text-xs text-muted-foreground">
              Follows, comments, likes and new chapters show up here.
            </p>
          </div>
        ) : (
          items.map((notification) => (
            <MenuNotification
              key={notification.id}
              notification={notification}
              onOpen={() => {
                if (notification.read_at === null) markRead.mutate([notification.id]);
              }}
            />
          ))
        )}
      </div>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild className="justify-center font-medium text-primary">
        <Link to="/notifications" data-testid="see-all-notifications">
          See all notifications
        </Link>
      </DropdownMenuItem>
    </>
  );
}

function MenuNotification({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  return (
    <DropdownMenuItem
      asChild
      className="items-start py-2.5 data-[unread]:bg-primary/5 data-[unread]:data-[highlighted]:bg-accent"
    >
      <Link
        to={notificationPath(notification)}
        onClick={onOpen}
        data-unread={notification.read_at === null || undefined}
        data-testid="notification-item"
      >
        <NotificationSummary notification={notification} size="sm" />
      </Link>
    </DropdownMenuItem>
  );
}
