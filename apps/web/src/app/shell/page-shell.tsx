import { clsx } from 'clsx';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useNotificationStream } from '../../api/notifications/use-notification-stream';
import { OfflineNotice } from '../../components/offline-notice';
import { Toaster } from '../../components/ui/toaster';
import { useSettingsOnSignIn } from '../../features/settings/hooks/use-settings-on-sign-in';
import { useAuthStore } from '../../stores/auth-store';
import { Footer } from './footer';
import { NavigationProgress } from './navigation-progress';
import { TopBar } from './top-bar';
import { useAppLinkClicks } from './use-app-link-clicks';
import { useThemeSync } from './use-theme-sync';

let refreshedThisLoad = false;

/** Refreshes the signed-in user once per page load. */
function useRefreshUser() {
  useEffect(() => {
    if (refreshedThisLoad) return;
    refreshedThisLoad = true;
    const { isAuthenticated, fetchMe } = useAuthStore.getState();
    if (isAuthenticated) void fetchMe();
  }, []);
}

export function PageShell() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const session = useAuthStore((state) => (state.isAuthenticated ? state.accessToken : null));
  useThemeSync();
  useAppLinkClicks();
  useNotificationStream(session);
  useRefreshUser();
  useSettingsOnSignIn();

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <NavigationProgress />
      <TopBar />
      <OfflineNotice />
      {/* For visitors the footer starts below the first screen, so it never jumps down the
          viewport as the page's content arrives (layout shift). */}
      <main
        id="main-content"
        tabIndex={-1}
        className={clsx('flex flex-1 flex-col focus:outline-none', !isAuthenticated && 'min-h-dvh')}
      >
        <Outlet />
      </main>
      {isAuthenticated ? null : <Footer />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
