import type { TokenResponse } from '@storyloom/shared';
import { post } from '../../lib/api';

/**
 * `POST /auth/google/exchange {code}`: trades the one-time code Google sign-in left in the
 * callback page's fragment for the session's tokens (OAuth-style answer, no envelope). A bad,
 * used or expired code is a 401, which says nothing about the session this browser may hold.
 */
export const exchangeGoogleCode = (code: string) =>
  post<TokenResponse>('/auth/google/exchange', { code }, { token: null, ignoreUnauthorized: true });
