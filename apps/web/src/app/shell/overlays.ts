// The top bar's menus and mobile dialog: one chunk, loaded on demand (see components/ui/deferred-overlay.tsx).
export { BrowseMenu } from './browse-menu';
export { MobileMenu } from './mobile-menu';
export { NotificationsMenu } from './notifications-menu';
export { ThemeToggle } from './theme-toggle';
export { UserMenu } from './user-menu';
