/**
 * The server renderer (docs/decisions/014-server-rendering.md): the API process renders a
 * visitor's page request with the same routes, pages and queries as the browser, so the page
 * paints before any script has run, then the browser hydrates it (main.tsx).
 *
 * Built by `vite build --ssr` into dist/.server/; the API loads it on the first page request.
 */
import type { CreateServerRenderer, ServerRenderResult } from '@storyloom/shared';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { serializeServerState } from './app/server-state';
import { configureApi } from './lib/api';
import { routeContext } from './lib/route-data';

/** Only the URL's path and query matter; the origin is a stand-in. */
const ORIGIN = 'http://storyloom.invalid';

/**
 * A query cache for one render: nothing is retried (a failed call means the shell is served),
 * nothing expires meanwhile, and no timers outlive the render.
 */
const renderClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });

const skip = (reason: string): ServerRenderResult => ({ kind: 'skip', reason });

/**
 * React 19 writes what belongs in the document's head first: resource hints (`<link
 * rel="preload">` for the page's first images) and the page's `<title>`.
 */
const LEADING_HEAD = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>)+/;

/** The catch-all route's page answers 404. */
const isNotFound = (context: StaticHandlerContext) => context.matches.at(-1)?.route.path === '*';

type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export const createServerRenderer: CreateServerRenderer<ApiFetch> = ({ fetch }) => {
  configureApi({ fetch, getToken: () => null, onUnauthorized: () => {} });
  const handler = createStaticHandler(routes);

  return {
    async render(url) {
      const client = renderClient();
      try {
        const context = await handler.query(new Request(new URL(url, ORIGIN)), {
          requestContext: routeContext(client),
        });
        if (context instanceof Response) return skip(`the route answers ${context.status}`);
        if (context.errors) return skip('a route failed');
        // A page whose data failed to load shows an error the browser could not hydrate alike
        // (failed queries are not handed over): the shell lets the browser load and show it.
        const failed = client
          .getQueryCache()
          .getAll()
          .find((query) => query.state.status === 'error');
        if (failed) return skip(`a call failed: ${failed.queryHash}`);

        const router = createStaticRouter(handler.dataRoutes, context);
        const rendered = renderToString(
          <StrictMode>
            <Providers client={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </StrictMode>,
        );
        const head = LEADING_HEAD.exec(rendered)?.[0] ?? '';
        const state = serializeServerState({
          queries: dehydrate(client),
          router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
        });
        return {
          kind: 'page',
          status: isNotFound(context) ? 404 : 200,
          html: rendered.slice(head.length),
          head,
          state,
        };
      } finally {
        client.clear();
      }
    },
  };
};
