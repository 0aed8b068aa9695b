import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { unauthorized } from '../../lib/errors.js';
import { findUserById } from '../users/repo.js';
import type { TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the authenticate hooks; null for visitors. */
    user: UserRow | null;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * preHandler hooks that resolve the bearer token to a user. A presented token that is invalid,
 * expired or revoked (token_version moved on) is a 401 even on open routes, so the client
 * clears a dead session instead of silently browsing as a visitor.
 */
export function createAuthenticator(db: Db, tokens: TokenService) {
  async function resolve(request: FastifyRequest): Promise<void> {
    request.user = null;
    const token = bearerOf(request);
    if (!token) return;
    const claims = tokens.verify(token, 'access');
    const user = claims ? await findUserById(db.kysely, claims.sub) : undefined;
    if (!claims || !user || user.token_version !== claims.ver) throw unauthorized();
    request.user = user;
  }

  return {
    /** Anyone; `request.user` is set when a valid token came along. */
    optional: async (request: FastifyRequest, _reply: FastifyReply) => resolve(request),
    /** Signed-in callers only. */
    required: async (request: FastifyRequest, _reply: FastifyReply) => {
      await resolve(request);
      if (!request.user) throw unauthorized();
    },
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;
