import { SIGNED_IN_COOKIE } from '@storyloom/shared';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Keeps the signed-in hint cookie in step with the session (docs/decisions/014): while it is
 * set, the server sends the plain app shell instead of the page as a visitor sees it. It holds
 * no credentials, only `1`; the session itself stays in browser storage.
 */
export function syncSignedInHint(signedIn: boolean, doc: Pick<Document, 'cookie'> = document) {
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`
    : `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
