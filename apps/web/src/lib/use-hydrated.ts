import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while rendering on the server and while the browser takes a server-rendered page over
 * (hydration must reproduce the server's markup); true on every render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
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
