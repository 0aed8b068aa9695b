import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'storyloom';
/**
 * An access token lasts at most 90 days (the longest auto-logout choice); the session it names
 * is checked on every request, so ending the session, or leaving it idle past the user's
 * auto-logout, ends the token at once (docs/decisions/016-accounts-and-sessions.md).
 */
export const ACCESS_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;

/**
 * What an access token says: its user and session. Tokens issued before sessions existed carry
 * the user's `token_version` (`ver`) instead of a session; they are honoured until they expire
 * or the version moves on.
 */
export type AccessClaims =
  | { sub: string; sid: string; typ: 'access' }
  | { sub: string; ver: number; typ: 'access' };

/** HS256 JWTs with the algorithm pinned and `exp`/`iss` checked. */
export function createTokenService(secret: string) {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_MS,
  });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'typ', 'exp'],
    cache: 1000,
  });
  return {
    /** An access token for one session of a user. */
    sign(userId: string, sessionId: string): string {
      return signer({ sub: userId, sid: sessionId, typ: 'access' });
    },
    /** The claims of a valid access token, or null for anything else. */
    verify(token: string): AccessClaims | null {
      try {
        const claims = verifier(token) as Record<string, unknown>;
        if (claims.typ !== 'access' || typeof claims.sub !== 'string') return null;
        if (typeof claims.sid === 'string') {
          return { sub: claims.sub, sid: claims.sid, typ: 'access' };
        }
        if (typeof claims.ver === 'number') {
          return { sub: claims.sub, ver: claims.ver, typ: 'access' };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
