import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { setBrowserQueryClient } from '../lib/route-data';
import { googleCallbackLoader, guestOnlyLoader, requireAuthLoader } from './guards';
import { PageFallback } from './page-fallback';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { PageShell } from './shell/page-shell';

// Every page is its own chunk: `lazy` imports it on first visit.
// Pages that export a `loader` start their queries from it (lib/route-data.ts), which is how
// the server renderer gets their data into the HTML.
const home = () =>
  import('../features/home/home-page').then((m) => ({ Component: m.HomePage, loader: m.loader }));

const openRoutes: RouteObject[] = [
  {
    path: 'auth/verify-email',
    lazy: () =>
      import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
  },
  {
    path: 'auth/forgot-password',
    lazy: () =>
      import('../features/auth/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: 'auth/reset-password',
    lazy: () =>
      import('../features/auth/reset-password-page').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: 'unsubscribe',
    lazy: () =>
      import('../features/unsubscribe/unsubscribe-page').then((m) => ({
        Component: m.UnsubscribePage,
      })),
  },
  {
    path: 'stories',
    lazy: () =>
      import('../features/stories/discover-page').then((m) => ({
        Component: m.DiscoverPage,
        loader: m.loader,
      })),
  },
  {
    path: 'stories/search',
    lazy: () =>
      import('../features/stories/discover-page').then((m) => ({
        Component: m.DiscoverPage,
        loader: m.loader,
      })),
  },
  {
    path: 'stories/:id',
    lazy: () =>
      import('../features/stories/story-detail-page').then((m) => ({
        Component: m.StoryDetailPage,
        loader: m.loader,
      })),
  },
  {
    path: 'series/:id',
    lazy: () =>
      import('../features/series/series-page').then((m) => ({
        Component: m.SeriesPage,
        loader: m.loader,
      })),
  },
  {
    path: 'lists/:id',
    lazy: () =>
      import('../features/lists/list-page').then((m) => ({
        Component: m.ListPage,
        loader: m.loader,
      })),
  },
  {
    path: 'stories/:id/read',
    lazy: () =>
      import('../features/reader/reader-page').then((m) => ({
        Component: m.ReaderPage,
        loader: m.loader,
      })),
  },
  {
    path: 'profile/:username',
    lazy: () =>
      import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'users/:username',
    lazy: () =>
      import('../features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'authors',
    lazy: () =>
      import('../features/authors/authors-page').then((m) => ({
        Component: m.AuthorsPage,
        loader: m.loader,
      })),
  },
  {
    path: 'contact',
    lazy: () =>
      import('../features/contact/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  // The footer's text pages. There is no blog and no hiring, so /blog and /careers are not
  // pages (and not linked): they answer the 404 page like any unknown address.
  {
    path: 'about',
    lazy: () => import('../features/info/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'features',
    lazy: () =>
      import('../features/info/features-page').then((m) => ({ Component: m.FeaturesPage })),
  },
  {
    path: 'pricing',
    lazy: () => import('../features/info/pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: 'privacy',
    lazy: () => import('../features/info/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: 'terms',
    lazy: () => import('../features/info/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'cookies',
    lazy: () => import('../features/info/cookies-page').then((m) => ({ Component: m.CookiesPage })),
  },
  {
    path: 'guidelines',
    lazy: () =>
      import('../features/info/guidelines-page').then((m) => ({ Component: m.GuidelinesPage })),
  },
];

/** Signed-in users are sent to /feed. */
const guestRoutes: RouteObject[] = [
  { index: true, lazy: home },
  {
    path: 'auth/login',
    lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'auth/signup',
    lazy: () => import('../features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
  },
];

/** Google callback: guest-only like the above, but its own guard (see guards.ts). */
const googleCallbackRoute: RouteObject = {
  path: 'auth/google-success',
  loader: googleCallbackLoader,
  // See googleCallbackLoader: its answer holds for as long as the page is open.
  shouldRevalidate: () => false,
  lazy: () =>
    import('../features/auth/google-success-page').then((m) => ({
      Component: m.GoogleSuccessPage,
    })),
};

/** Visitors are sent to /auth/login. */
const signedInRoutes: RouteObject[] = [
  {
    path: 'feed',
    lazy: () => import('../features/feed/feed-page').then((m) => ({ Component: m.FeedPage })),
  },
  {
    path: 'stories/create',
    lazy: () =>
      import('../features/story-editor/create-story-page').then((m) => ({
        Component: m.CreateStoryPage,
      })),
  },
  {
    path: 'stories/:id/edit',
    lazy: () =>
      import('../features/story-editor/edit-story-page').then((m) => ({
        Component: m.EditStoryPage,
      })),
  },
  {
    path: 'stories/:id/stats',
    lazy: () =>
      import('../features/story-stats/story-stats-page').then((m) => ({
        Component: m.StoryStatsPage,
      })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'admin',
    lazy: () => import('../features/admin/admin-page').then((m) => ({ Component: m.AdminPage })),
  },
  {
    path: 'settings/profile',
    lazy: () =>
      import('../features/profile/edit-profile-page').then((m) => ({
        Component: m.EditProfilePage,
      })),
  },
  {
    path: 'recently-deleted',
    lazy: () =>
      import('../features/trash/recently-deleted-page').then((m) => ({
        Component: m.RecentlyDeletedPage,
      })),
  },
  {
    path: 'my-stories',
    lazy: () =>
      import('../features/my-stories/my-stories-page').then((m) => ({
        Component: m.MyStoriesPage,
      })),
  },
  {
    path: 'library',
    lazy: () =>
      import('../features/library/library-page').then((m) => ({ Component: m.LibraryPage })),
  },
  {
    path: 'lists',
    lazy: () =>
      import('../features/lists/my-lists-page').then((m) => ({ Component: m.MyListsPage })),
  },
  {
    path: 'notifications',
    lazy: () =>
      import('../features/notifications/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PageShell,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors and the first page's loading state render inside the shell.
        ErrorBoundary: RouteError,
        HydrateFallback: PageFallback,
        children: [
          { loader: guestOnlyLoader, children: guestRoutes },
          googleCallbackRoute,
          { loader: requireAuthLoader, Component: RequireAuth, children: signedInRoutes },
          ...openRoutes,
          {
            path: '*',
            lazy: () =>
              import('../features/errors/not-found-page').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
        ],
      },
    ],
  },
];

/** The browser's router; `hydrationData` when it takes over a server-rendered page. */
export function createRouter(client: QueryClient, hydrationData?: HydrationState) {
  setBrowserQueryClient(client);
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
