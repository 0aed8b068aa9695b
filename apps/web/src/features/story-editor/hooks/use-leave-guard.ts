import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `when` holds, the browser asks before the page is left (reload, close, another site)
 * and in-app navigation to another page is held by the returned blocker until confirmed.
 * `allowNextNavigation()` lets one navigation through (after a delete, say).
 */
export function useLeaveGuard(when: boolean) {
  const whenRef = useRef(when);
  whenRef.current = when;
  const allowed = useRef(false);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      whenRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const allowNextNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allowNextNavigation };
}
