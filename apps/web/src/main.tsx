import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { startOffline } from './app/offline-start';
import { Providers } from './app/providers';
import { queryClient } from './app/query-client';
import { createRouter, routes } from './app/router';
import { takeServerState } from './app/server-state';
import { trackInputModality } from './lib/input-modality';
import { rememberPageData } from './lib/page-data';
import { useAuthStore } from './stores/auth-store';

// Zod, loaded later with the pages that parse, must compile no code at run time: the page's
// Content-Security-Policy refuses eval, and zod's probe for it (a caught `Function('')`) is
// still reported as a violation. Zod takes its settings from this object when it loads
// (zod/v4/core/core.js), so setting it here keeps zod out of the first load;
// e2e/xss.spec.ts fails on the violation if that ever changes.
(globalThis as { __zod_globalConfig?: { jitless: boolean } }).__zod_globalConfig = {
  jitless: true,
};
trackInputModality();

const container = document.getElementById('root');
if (!container) throw new Error('The page is missing its #root element');

/**
 * Marks the page live (`<html data-live>`) once the app has committed its first render, or
 * taken over a server-rendered page: from then on, what is on screen answers clicks and keys.
 * Browser tests wait for it before they act (e2e/support/browser.ts). Renders nothing.
 */
function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

const app = (router: DataRouter) => (
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
    <MarkLive />
  </StrictMode>
);

/** Loads the lazy route modules of the current URL, as the server had them when it rendered. */
async function loadRouteModules(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
}

/**
 * A page the server rendered (for visitors, docs/decisions/014) is hydrated with the data it was
 * rendered from; a signed-in reader's page differs from it, so it is rendered afresh, as is the
 * plain shell.
 */
async function start(root: HTMLElement) {
  const state = takeServerState();
  if (state && !useAuthStore.getState().isAuthenticated) {
    hydrate(queryClient, state.queries);
    rememberPageData(state.queries);
    await loadRouteModules(window.location.pathname);
    const router = createRouter(queryClient, state.router);
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread until the whole page is live (the page is already painted).
    startTransition(() => {
      hydrateRoot(root, app(router));
    });
  } else {
    createRoot(root).render(app(createRouter(queryClient)));
  }
}

void start(container);
startOffline();
