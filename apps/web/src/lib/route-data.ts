import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  type LoaderFunction,
  type LoaderFunctionArgs,
  RouterContextProvider,
} from 'react-router';

/**
 * The query cache a route loader fills. The server renderer has one per request, handed to the
 * loaders through the router's request context (never a module variable: it renders many
 * requests at once); the browser has its one cache, set at start.
 *
 * The browser's router gets no `getContext`: with one, every navigation first awaits it, and a
 * page such as Settings would see the navigation still idle after Sign Out and redirect.
 */
const queryClientContext = createContext<QueryClient | null>(null);
let browserClient: QueryClient | null = null;

/** The server renderer's context for one render. */
export function routeContext(client: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, client);
  return context;
}

/** The browser's cache, for the loaders of every navigation. */
export function setBrowserQueryClient(client: QueryClient): void {
  browserClient = client;
}

function clientFor({ context }: LoaderFunctionArgs): QueryClient {
  const client = import.meta.env.SSR
    ? (context as RouterContextProvider).get(queryClientContext)
    : browserClient;
  if (!client) throw new Error('route loaders have no query client');
  return client;
}

/**
 * A page's loader that starts the queries the page renders from (its `prefetch`). The server
 * renderer waits for them, so the HTML carries the page with its data; the browser does not,
 * so a page opened in the app shows its own loading state at once while they run. A failure
 * is left in the cache for the page to show as it always does.
 */
export function prefetchLoader(
  prefetch: (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>,
): LoaderFunction {
  return async (args) => {
    const done = prefetch(clientFor(args), args).catch(() => undefined);
    if (import.meta.env.SSR) await done;
    return null;
  };
}
