import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActiveSession, UserRow } from '../../db/types.js';
import { unauthorized } from '../../lib/errors.js';
import type { SessionService } from '../sessions/service.js';
import type { TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the authenticate hooks; null for visitors. */
    user: UserRow | null;
    /** The caller's session; null for visitors and for tokens from before sessions. */
    session: ActiveSession | null;
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * preHandler hooks that resolve the bearer token to a user and session. A presented token that
 * is invalid, expired, or whose session has ended (signed out, idle past auto-logout, revoked)
 * is a 401 even on open routes, so the client clears a dead session instead of silently
 * browsing as a visitor.
 */
export function createAuthenticator(tokens: TokenService, sessions: SessionService) {
  async function resolve(request: FastifyRequest): Promise<void> {
    request.user = null;
    request.session = null;
    const token = bearerOf(request);
    if (!token) return;
    const claims = tokens.verify(token);
    const caller = claims ? await sessions.authenticate(claims) : null;
    if (!caller) throw unauthorized();
    request.user = caller.user;
    request.session = caller.session;
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
