import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server and while the browser takes a server-rendered page over
 * (hydration must reproduce the server's markup); true on every render after. Every component
 * that asks renders again at once when hydration ends, in one task the page cannot answer
 * during: one that needs to know only sometimes passes `needed` false the other times, and
 * gets false without that second render.
 */
export function useHydrated(needed = true): boolean {
  return useSyncExternalStore(
    subscribe,
    () => needed,
    () => false,
  );
}

/**
 * The time zone dates are shown in: UTC as the server renders them, the reader's own once the
 * page is live in the browser.
 */
export function useDateTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}
