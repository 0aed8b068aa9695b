import { type Notification, type NotificationType, notificationSentence } from '@storyloom/shared';
import { clsx } from 'clsx';
import {
  AtSign,
  BookOpen,
  EyeOff,
  Heart,
  type LucideIcon,
  MessageCircle,
  Reply,
  ShieldCheck,
  UserPlus,
} from 'lucide-react';
import { formatDate, formatRelativeTime } from '../../lib/format';
import { Avatar } from '../ui/avatar';

const TYPE_ICONS: Record<NotificationType, { Icon: LucideIcon; className: string }> = {
  follow: { Icon: UserPlus, className: 'bg-info text-background' },
  comment: { Icon: MessageCircle, className: 'bg-primary text-primary-foreground' },
  reply: { Icon: Reply, className: 'bg-primary text-primary-foreground' },
  mention: { Icon: AtSign, className: 'bg-primary text-primary-foreground' },
  story_like: { Icon: Heart, className: 'bg-destructive text-destructive-foreground' },
  new_chapter: { Icon: BookOpen, className: 'bg-success text-background' },
  report_resolved: { Icon: ShieldCheck, className: 'bg-info text-background' },
  content_hidden: { Icon: EyeOff, className: 'bg-destructive text-destructive-foreground' },
};

/** The actors' faces (up to two, overlapping) with the kind's icon on their corner. */
function Faces({ notification, size }: { notification: Notification; size: 'sm' | 'md' }) {
  const [first, second] = notification.actors;
  const { Icon, className } = TYPE_ICONS[notification.type] ?? TYPE_ICONS.comment;
  const box = size === 'md' ? 'size-11' : 'size-10';
  const stacked = clsx(size === 'md' ? 'size-8' : 'size-7', '[&>span]:text-[0.65rem]');
  return (
    <span className={clsx('relative shrink-0', box)} aria-hidden="true">
      {second ? (
        <>
          <span className="absolute right-0 top-0 rounded-full ring-2 ring-background">
            <Avatar name={second.username} src={second.profile_pic} className={stacked} />
          </span>
          <span className="absolute bottom-0 left-0 rounded-full ring-2 ring-background">
            <Avatar name={first?.username} src={first?.profile_pic} className={stacked} />
          </span>
        </>
      ) : first ? (
        <Avatar name={first.username} src={first.profile_pic} className={box} />
      ) : (
        <span
          className={clsx(
            'inline-flex items-center justify-center rounded-full bg-muted text-muted-foreground',
            box,
          )}
        >
          <Icon className="size-5! text-inherit!" />
        </span>
      )}
      <span
        className={clsx(
          'absolute -bottom-0.5 -right-0.5 inline-flex size-5 items-center justify-center rounded-full ring-2 ring-background',
          className,
        )}
      >
        <Icon className="size-3! text-inherit!" />
      </span>
    </span>
  );
}

/**
 * One notification as the bell's menu and /notifications show it: who, what (the story's title
 * set apart), how long ago, and a dot while it is unread.
 */
export function NotificationSummary({
  notification,
  size = 'md',
}: {
  notification: Notification;
  size?: 'sm' | 'md';
}) {
  const { lead, title, tail } = notificationSentence(notification);
  const unread = notification.read_at === null;
  return (
    <span className="flex w-full min-w-0 items-start gap-3">
      <Faces notification={notification} size={size} />
      <span className="min-w-0 flex-1">
        <span
          className={clsx(
            'block break-words text-sm leading-snug',
            unread ? 'text-foreground' : 'text-muted-foreground',
          )}
          data-testid="notification-text"
        >
          {lead}
          {title !== null ? <em className="font-semibold text-foreground">{title}</em> : null}
          {tail}
        </span>
        {notification.comment && notification.type !== 'follow' ? (
          <span className="mt-0.5 line-clamp-1 break-words text-xs text-muted-foreground">
            “{notification.comment.excerpt}”
          </span>
        ) : null}
        <time
          dateTime={notification.created_at}
          title={formatDate(notification.created_at)}
          className={clsx(
            'mt-1 block text-xs',
            unread ? 'font-medium text-primary' : 'text-muted-foreground',
          )}
        >
          {formatRelativeTime(notification.created_at)}
        </time>
      </span>
      {unread ? (
        <span className="mt-1.5 flex shrink-0 items-center" data-testid="unread-dot">
          <span className="size-2.5 rounded-full bg-primary" aria-hidden="true" />
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </span>
  );
}
