import { deferOverlay } from '../../components/ui/deferred-overlay';
import {
  BrowseTrigger,
  MobileMenuTrigger,
  NotificationsTrigger,
  ThemeTrigger,
  UserTrigger,
} from './overlay-triggers';

// The top bar uses these: each shows its trigger at once and its menu's code on demand.
// apps/web/vite.config.ts knows the chunk by its name (overlays-…): it is fetched at idle without
// modulepreload links for its imports. Renaming ./overlays means changing it there too.
const overlays = () => import('./overlays');

export const BrowseMenu = deferOverlay(() => overlays().then((m) => m.BrowseMenu), BrowseTrigger);
export const MobileMenu = deferOverlay(
  () => overlays().then((m) => m.MobileMenu),
  MobileMenuTrigger,
);
export const ThemeToggle = deferOverlay(() => overlays().then((m) => m.ThemeToggle), ThemeTrigger);
export const UserMenu = deferOverlay(() => overlays().then((m) => m.UserMenu), UserTrigger);
export const NotificationsMenu = deferOverlay(
  () => overlays().then((m) => m.NotificationsMenu),
  NotificationsTrigger,
);
