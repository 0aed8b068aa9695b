import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'storyloom';
/** Password sign-in hands out no refresh token, so the access token lasts a session. */
export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;

export type TokenKind = 'access' | 'refresh';
export interface TokenClaims {
  sub: string;
  /** The user's token_version when issued: bumping it revokes every older token. */
  ver: number;
  typ: TokenKind;
}

/** HS256 JWTs with the algorithm pinned and `exp`/`iss` checked. */
export function createTokenService(secret: string) {
  const signers = {
    access: createSigner({
      key: secret,
      algorithm: 'HS256',
      iss: ISSUER,
      expiresIn: ACCESS_TOKEN_TTL_MS,
    }),
    refresh: createSigner({
      key: secret,
      algorithm: 'HS256',
      iss: ISSUER,
      expiresIn: REFRESH_TOKEN_TTL_MS,
    }),
  };
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['sub', 'ver', 'typ', 'exp'],
    cache: 1000,
  });
  return {
    sign(kind: TokenKind, userId: string, version: number): string {
      return signers[kind]({ sub: userId, ver: version, typ: kind });
    },
    /** The claims of a valid token of `kind`, or null for anything else. */
    verify(token: string, kind: TokenKind): TokenClaims | null {
      try {
        const claims = verifier(token) as Partial<TokenClaims>;
        if (claims.typ !== kind || typeof claims.sub !== 'string' || typeof claims.ver !== 'number')
          return null;
        return claims as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
