import { dehydrate, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forgetPageData,
  PAGE_DATA_FRESH_MS,
  refreshEachVisit,
  rememberPageData,
} from './page-data';

const STORY = ['stories', 's1'];

/** The page's data as the server dehydrates it, fetched `agoMs` before now. */
async function pageState(agoMs = 0) {
  const server = new QueryClient();
  vi.setSystemTime(Date.now() - agoMs);
  await server.prefetchQuery({ queryKey: STORY, queryFn: () => ({ title: 'From the page' }) });
  vi.setSystemTime(Date.now() + agoMs);
  return dehydrate(server);
}

/** Mounts a component's query (an observer) and answers whether it asked the server again. */
async function mountAsks(client: QueryClient, queryKey: readonly string[]) {
  const queryFn = vi.fn(async () => ({ title: 'Asked again' }));
  const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: refreshEachVisit });
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
  return queryFn.mock.calls.length > 0;
}

describe('refreshEachVisit', () => {
  afterEach(() => {
    forgetPageData();
    vi.useRealTimers();
  });

  it("keeps a server-rendered page's own data for its first seconds, then asks again", async () => {
    vi.useFakeTimers();
    const state = await pageState();
    const client = new QueryClient();
    hydrate(client, state);
    rememberPageData(state);

    expect(await mountAsks(client, STORY)).toBe(false);
    expect(await mountAsks(client, STORY)).toBe(false);
    expect(client.getQueryData(STORY)).toEqual({ title: 'From the page' });
    // Data the page did not carry is asked for at once.
    expect(await mountAsks(client, ['stories', 's2'])).toBe(true);

    vi.advanceTimersByTime(PAGE_DATA_FRESH_MS);
    expect(await mountAsks(client, STORY)).toBe(true);
    expect(client.getQueryData(STORY)).toEqual({ title: 'Asked again' });
  });

  it('asks again at once for a page fetched longer ago (kept by a shared cache)', async () => {
    vi.useFakeTimers();
    const state = await pageState(PAGE_DATA_FRESH_MS + 1);
    const client = new QueryClient();
    hydrate(client, state);
    rememberPageData(state);
    expect(await mountAsks(client, STORY)).toBe(true);
  });

  it('asks again at once without a server-rendered page', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryData(STORY, { title: 'Cached' });
    expect(await mountAsks(client, STORY)).toBe(true);
  });
});
