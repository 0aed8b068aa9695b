import { del } from '../../lib/api';

/**
 * `DELETE /users/me`: the account and everything it owns. An account with a password confirms
 * with it; a Google-only account sends none and must have signed in with Google shortly before
 * (else a 400 `reauth_required`).
 */
export const deleteAccount = (password?: string) =>
  del<null>('/users/me', password === undefined ? undefined : { body: { password } });
