/**
 * The contract between the web app's server renderer (apps/web/src/entry-server.tsx, built to
 * apps/web/dist/.server/) and the API process that calls it for visitors' page requests
 * (docs/decisions/014-server-rendering.md).
 */

export type ServerRenderResult =
  /** `html` goes inside `#root`, `head` into the head, `state` (script-safe JSON) after root. */
  | { kind: 'page'; status: number; html: string; head: string; state: string }
  /** The page is better served as the plain app shell (a redirect, a failed call, …). */
  | { kind: 'skip'; reason: string };

export interface ServerRenderer {
  /** Renders a page URL (path and query, e.g. `/stories?genre=Fantasy`) as a visitor sees it. */
  render(url: string): Promise<ServerRenderResult>;
}

/**
 * What the renderer module exports as `createServerRenderer`. `fetch` (a fetch for `/api/...`
 * URLs, typed by each side with its own `Request` and `Response`) is used by every render; the
 * caller tells concurrent renders apart itself (e.g. with AsyncLocalStorage).
 */
export type CreateServerRenderer<Fetch> = (options: { fetch: Fetch }) => ServerRenderer;

/** The id of the `<script type="application/json">` that carries the render's state. */
export const SERVER_STATE_ELEMENT_ID = 'storyloom-state';

/**
 * A cookie the web app keeps while someone is signed in (no credentials in it, just `1`). Pages
 * are server-rendered as a visitor sees them, so a browser with this cookie gets the plain shell
 * and renders the signed-in page itself.
 */
export const SIGNED_IN_COOKIE = 'sl_signed_in';
