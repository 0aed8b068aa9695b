import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { isoDate } from './common.js';

/**
 * One sign-in of the caller, as Settings → Security lists it (`GET /users/me/sessions`). The
 * network is the address's network only ("203.0.113.0/24"), never the address itself.
 */
export const sessionView = z
  .object({
    id: z.string(),
    /** "Firefox on Linux", read from the browser's User-Agent at sign-in. */
    device: z.string(),
    network: z.string(),
    method: z.enum(['password', 'google']),
    created_at: isoDate,
    last_used_at: isoDate,
    /** The session this request was made with ("This device"). */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type SessionView = z.infer<typeof sessionView>;

export const sessionIdParams = z.object({ id: z.string().max(100) });

/** Google sign-in's one-time code, traded for the session's tokens. */
export const googleExchangeBody = z.object({ code: z.string().min(1).max(200) });

/**
 * `DELETE /users/me`: an account with a password confirms it; a Google-only account instead
 * signs in with Google again shortly before (the error code is then `reauth_required`).
 */
export const deleteAccountBody = z
  .object({ password: z.string().max(LIMITS.passwordMax).optional() })
  .nullish();
