import type { AnchorHTMLAttributes, Ref } from 'react';
import { APP_LINK_ATTRIBUTE } from '../../lib/app-link-clicks';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path inside the app from its root (`/stories/…`), with its query and hash if any. */
  to: `/${string}`;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app that costs what an `<a>` costs. React Router's `<Link>` runs
 * a dozen hooks for each link (its href resolved against the route, a click handler, prefetch
 * state): a page of story cards spent more rendering its links than anything else on the
 * server, and again hydrating them. An app link carries a mark instead, and the app's one
 * click listener (app/shell/use-app-link-clicks.ts) turns a plain click on it into a
 * navigation without a reload; any other click (a new tab, a modifier key) stays the
 * browser's. A handler between the link and the document that stops the click's propagation
 * would turn it into a full page load (none does). For links that need React Router's options
 * (state, replace, a relative path), use its `<Link>`.
 */
export function AppLink({ to, ...rest }: AppLinkProps) {
  return <a {...rest} href={to} {...{ [APP_LINK_ATTRIBUTE]: '' }} />;
}
