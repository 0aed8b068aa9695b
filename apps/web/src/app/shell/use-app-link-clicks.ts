import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { appLinkDestination, appLinkOf } from '../../lib/app-link-clicks';

/**
 * The one click listener behind every app link (components/ui/app-link.tsx): a plain click
 * navigates inside the app, as React Router's `<Link>` would, with no reload. It listens on
 * the document, after React's own handlers, so a link's `onClick` (closing a menu, say) runs
 * first and may still keep the navigation from happening with `preventDefault`.
 */
export function useAppLinkClicks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = appLinkDestination(event, appLinkOf(event.target), window.location.origin);
      if (to === null) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      // As <Link> does: a link to the page already open replaces its history entry.
      void navigate(to, { replace: to === `${pathname}${search}${hash}` });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
