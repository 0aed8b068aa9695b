import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  type LoaderFunction,
  type LoaderFunctionArgs,
  RouterContextProvider,
} from 'react-router';

/**
 * The query cache a route loader fills: the browser's one cache, or the server renderer's own
 * per request. Set through the router's context, never a module variable, because the server
 * renders many requests at once.
 */
const queryClientContext = createContext<QueryClient>();

/** The router context that carries `client` to the loaders. */
export function routeContext(client: QueryClient): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(queryClientContext, client);
  return context;
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
    const client = (args.context as RouterContextProvider).get(queryClientContext);
    const done = prefetch(client, args).catch(() => undefined);
    if (import.meta.env.SSR) await done;
    return null;
  };
}
