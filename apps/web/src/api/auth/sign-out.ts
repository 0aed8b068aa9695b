import { post } from '../../lib/api';

/**
 * `POST /auth/logout` with the given token: ends that session on the server. Best effort: the
 * browser has already left it, so a failure or a 401 (it had ended anyway) changes nothing here.
 */
export function signOut(token: string): Promise<void> {
  return post<null>('/auth/logout', undefined, { token, ignoreUnauthorized: true }).then(
    () => undefined,
    () => undefined,
  );
}
