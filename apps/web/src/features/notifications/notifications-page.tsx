import { NOTIFICATION_MESSAGES } from '@storyloom/shared';
import { Bell, CheckCheck, Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useNotifications } from '../../api/notifications/get-notifications';
import { useUnreadCount } from '../../api/notifications/get-unread-count';
import { NOTIFICATIONS_PAGE_SIZE } from '../../api/notifications/keys';
import { useMarkNotificationsRead } from '../../api/notifications/mark-read';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { LoadMore } from '../../components/load-more';
import { PageTitle } from '../../components/page-title';
import { Button, buttonClasses } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { pagedItems, pagedTotal } from '../../lib/paging';
import { toast } from '../../stores/toast';
import { NotificationRow, NotificationRowSkeleton } from './components/notification-row';

type Tab = 'all' | 'unread';

const LIST = 'divide-y overflow-hidden rounded-2xl border bg-card text-card-foreground';

/** One tab's list: rows, Load more, and its loading, empty and error states. */
function NotificationList({ unread }: { unread: boolean }) {
  const list = useNotifications({ unread, limit: NOTIFICATIONS_PAGE_SIZE });
  const markRead = useMarkNotificationsRead();
  const items = pagedItems(list.data);

  if (list.isPending) {
    return (
      <ul className={LIST} aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2, 3].map((row) => (
          <NotificationRowSkeleton key={row} />
        ))}
      </ul>
    );
  }
  if (list.isError && items.length === 0) {
    return (
      <ListError
        title="Could not load your notifications"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return unread ? (
      <EmptyState
        icon={CheckCheck}
        title="You're all caught up"
        description="No unread notifications. New ones show up here as they happen."
        action={
          <Link to="/notifications" className={buttonClasses({ variant: 'outline' })}>
            See all notifications
          </Link>
        }
      />
    ) : (
      <EmptyState
        icon={Inbox}
        title="No notifications yet"
        description="When someone follows you, comments on or likes your stories, or an author you follow publishes a chapter, you'll hear about it here."
        action={
          <Link to="/stories" className={buttonClasses()}>
            Explore Stories
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className={LIST} data-testid="notification-list">
        {items.map((notification) => (
          <NotificationRow
            key={notification.id}
            notification={notification}
            onOpen={() => {
              if (notification.read_at === null) markRead.mutate([notification.id]);
            }}
          />
        ))}
      </ul>
      <LoadMore
        shown={items.length}
        total={pagedTotal(list.data)}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** /notifications: everything the signed-in user was told, newest first, All or Unread. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'unread' ? 'unread' : 'all';
  const unread = useUnreadCount(true).data?.count ?? 0;
  const markRead = useMarkNotificationsRead();

  const markAll = () =>
    markRead.mutate(undefined, {
      onSuccess: () => toast.success(NOTIFICATION_MESSAGES.allRead),
      onError: (error) =>
        toast.error('Could not mark them as read', errorMessage(error, 'Please try again.')),
    });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10" data-testid="notifications-page">
      <PageTitle title="Notifications" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-3 font-serif text-3xl font-bold tracking-tight">
            Notifications
            {unread > 0 ? (
              <span
                className="rounded-full bg-primary/12 px-2.5 py-0.5 font-sans text-sm font-semibold tracking-normal text-primary"
                data-testid="unread-count"
              >
                {formatCount(unread)} unread
              </span>
            ) : null}
          </h1>
          <p className="mt-1 text-muted-foreground">
            Follows, comments, likes and new chapters, newest first.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={markAll}
          disabled={unread === 0 || markRead.isPending}
          data-testid="mark-all-read"
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === 'unread' ? { tab: next } : {}, { replace: true })
        }
        className="mt-6"
      >
        <TabsList className="sm:max-w-xs" aria-label="Which notifications">
          <TabsTrigger value="all">
            <Bell aria-hidden="true" />
            All
          </TabsTrigger>
          <TabsTrigger value="unread">
            <Inbox aria-hidden="true" />
            Unread
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <NotificationList unread={false} />
        </TabsContent>
        <TabsContent value="unread">
          <NotificationList unread />
        </TabsContent>
      </Tabs>
    </div>
  );
}
