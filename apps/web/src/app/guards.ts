/**
 * Route guards as loaders: they decide before a page's code is fetched or rendered.
 * `RequireAuth` (require-auth.tsx) also reacts when the session ends on a signed-in page.
 */
import { redirect } from 'react-router';
import { loginCodeFrom } from '../lib/login-code';
import { useAuthStore } from '../stores/auth-store';

export const LOGIN_PATH = '/auth/login';
export const SIGNED_IN_HOME = '/feed';

/** Signed-in-only routes send visitors to the login page. */
export function requireAuthLoader() {
  return useAuthStore.getState().isAuthenticated ? null : redirect(LOGIN_PATH);
}

/** Guest routes (landing, login, sign-up, Google callback) send signed-in users to the feed. */
export function guestOnlyLoader() {
  return useAuthStore.getState().isAuthenticated ? redirect(SIGNED_IN_HOME) : null;
}

/**
 * The Google callback is guest-only too, except while it carries a sign-in code in its fragment
 * (`#code=…`, which the router's request does not include): the new session replaces whatever
 * the browser still holds. The route never revalidates (router.tsx), so once the page has taken
 * the code out of the address bar and stored the tokens, nothing sends it to the feed early.
 */
export function googleCallbackLoader() {
  if (typeof window !== 'undefined' && loginCodeFrom(window.location.hash)) return null;
  return guestOnlyLoader();
}
