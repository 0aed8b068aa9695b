import type { DehydratedState } from '@tanstack/react-query';

/**
 * How long the data a server-rendered page arrived with counts as fresh, for the queries that
 * otherwise ask again on every visit (`staleTime: 0`).
 */
export const PAGE_DATA_FRESH_MS = 10_000;

/** What `refreshEachVisit` reads of a query (any query's type has it). */
interface QueryState {
  queryHash: string;
  state: { dataUpdatedAt: number };
}

/** The queries the page was rendered from (hash → when the server fetched them), and when. */
let pageData: { hydratedAt: number; fetchedAt: Map<string, number> } | null = null;

/** Called once, as main.tsx hydrates the cache from the page's own data. */
export function rememberPageData(state: DehydratedState, now = Date.now()): void {
  pageData = {
    hydratedAt: now,
    fetchedAt: new Map(state.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt])),
  };
}

/**
 * `staleTime` for the queries refreshed on every visit. A visit that arrives as a
 * server-rendered page has just been given this data: asking again as each of its components
 * mounts (the reader asked for its story and chapters twice more while loading) would only cost
 * the server and the phone. So data from the page stays fresh for its first few seconds, as long
 * as the server fetched it within them too (a page kept by a shared cache is refreshed as before,
 * as is a clock far off the server's); anything else is stale at once.
 */
export function refreshEachVisit(query: QueryState): number {
  if (!pageData || pageData.fetchedAt.get(query.queryHash) !== query.state.dataUpdatedAt) return 0;
  const now = Date.now();
  const fresh =
    now - pageData.hydratedAt < PAGE_DATA_FRESH_MS &&
    now - query.state.dataUpdatedAt < PAGE_DATA_FRESH_MS;
  return fresh ? Number.POSITIVE_INFINITY : 0;
}

/** For tests: forget the page's data. */
export function forgetPageData(): void {
  pageData = null;
}
