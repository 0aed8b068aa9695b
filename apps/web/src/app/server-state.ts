import { SERVER_STATE_ELEMENT_ID } from '@storyloom/shared';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page hands the browser: its query cache and the router's data. */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

/**
 * JSON safe inside `<script type="application/json">`: `<` is escaped so no value can close the
 * element (`</script>`) or open a comment, and U+2028/U+2029 for older parsers.
 */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The state of the page the server rendered, or null for the plain app shell. The element is
 * removed once read: the data now lives in the caches, and the page keeps no script without a
 * source.
 */
export function takeServerState(doc: Document = document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element) return null;
  const text = element.textContent;
  element.remove();
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<ServerState> | null;
    return state?.queries && state.router ? (state as ServerState) : null;
  } catch {
    return null;
  }
}
