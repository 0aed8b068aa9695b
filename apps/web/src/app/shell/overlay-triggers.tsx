import { Bell, ChevronDown, Menu, Monitor, Moon, Sun } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useUnreadCount } from '../../api/notifications/get-unread-count';
import { notificationsLabel, unreadBadge } from '../../components/notifications/unread-label';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { closedDialog, closedMenu } from '../../components/ui/deferred-overlay';
import type { Theme } from '../../lib/theme';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';

// The top bar's menu and dialog triggers. They are part of the initial load; the menus and the
// dialog they open are not (see components/ui/deferred-overlay.tsx). Each renders the same element before and
// after its overlay's code arrives: the real overlay wraps it in a Radix trigger (`asChild`),
// which adds the ARIA state and handlers. Until then it says it controls a closed popup.

type TriggerProps = ComponentProps<'button'>;

export function BrowseTrigger(props: TriggerProps) {
  return (
    <Button variant="ghost" data-testid="browse-menu" className="group" {...closedMenu} {...props}>
      Browse
      <ChevronDown
        aria-hidden="true"
        className="transition-transform group-data-[state=open]:rotate-180"
      />
    </Button>
  );
}

export const themeOptions: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];

export function ThemeTrigger(props: TriggerProps) {
  const theme = useUiStore((state) => state.theme);
  const current = themeOptions.find((option) => option.value === theme) ?? themeOptions[2]!;
  const CurrentIcon = current.Icon;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Theme"
      title={`Theme: ${current.label}`}
      data-testid="theme-toggle"
      data-theme={theme}
      {...closedMenu}
      {...props}
    >
      <CurrentIcon aria-hidden="true" />
    </Button>
  );
}

/** The bell: its unread count as a badge, and in its name for screen readers. */
export function NotificationsTrigger(props: TriggerProps) {
  const count = useUnreadCount(true).data?.count;
  const badge = unreadBadge(count);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={notificationsLabel(count)}
      data-testid="notifications-button"
      data-unread={count ?? 0}
      className="relative"
      {...closedMenu}
      {...props}
    >
      <Bell aria-hidden="true" />
      {badge ? (
        <span className="notification-badge" aria-hidden="true" data-testid="notifications-badge">
          {badge}
        </span>
      ) : null}
    </Button>
  );
}

export function UserTrigger(props: TriggerProps) {
  const user = useAuthStore((state) => state.user);
  return (
    <button
      type="button"
      aria-label="Account menu"
      data-testid="user-menu"
      className="inline-flex rounded-full transition-shadow hover:ring-2 hover:ring-primary/30"
      {...closedMenu}
      {...props}
    >
      <Avatar name={user?.username} src={user?.profile_pic} />
    </button>
  );
}

export function MobileMenuTrigger(props: TriggerProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open menu"
      data-testid="mobile-menu-button"
      className="-ml-2 md:hidden"
      {...closedDialog}
      {...props}
    >
      <Menu aria-hidden="true" />
    </Button>
  );
}
