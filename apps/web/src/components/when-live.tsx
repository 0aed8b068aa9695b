import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Its children once the page is live in the browser, nothing on the server and during
 * hydration: only this renders again when hydration ends, not the page around it.
 */
export function WhenLive({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
