/**
 * Route guards as loaders: they decide before a page's code is fetched or rendered.
 * `RequireAuth` (require-auth.tsx) also reacts when the session ends on a signed-in page.
 */
import { type LoaderFunctionArgs, redirect } from 'react-router';
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
 * The Google callback is guest-only too, except while it carries fresh tokens: those replace
 * whatever session the browser still holds, and a revalidation after the page has stored them
 * must not send it to the feed before it has finished (the page strips the tokens from the
 * address bar with `history.replaceState`, which the router's location does not see).
 */
export function googleCallbackLoader({ request }: Pick<LoaderFunctionArgs, 'request'>) {
  if (new URL(request.url).searchParams.has('access_token')) return null;
  return guestOnlyLoader();
}
