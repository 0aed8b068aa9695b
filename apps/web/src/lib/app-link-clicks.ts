/** The mark on an app link (components/ui/app-link.tsx) that the app's click listener reads. */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/** What a click listener sees of a click: a MouseEvent has all of it. */
export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** What the rule reads of an anchor: an HTMLAnchorElement has all of it. */
export interface LinkAnchor {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/**
 * The in-app address a click on an app link should navigate to without a reload, or null
 * when the browser should handle the click itself: not the main button, a modifier key (a new
 * tab or window, a download), a handler that already took it, a link that opens elsewhere or
 * downloads, or an address on another origin. The same rule as React Router's `<Link>`.
 */
export function appLinkDestination(
  click: LinkClick,
  anchor: LinkAnchor | null,
  origin: string,
): string | null {
  if (!anchor || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The app link a click landed in, if any. */
export function appLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element
    ? target.closest<HTMLAnchorElement>(`a[${APP_LINK_ATTRIBUTE}]`)
    : null;
}
