import { AUTH_MESSAGES, envelope, sessionIdParams, sessionView } from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 404, 429);

/** The caller's sessions, for Settings → Security: `/users/me/sessions`. */
export const sessionRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, sessions } = services;
  const endLimit = limit(app, config.rateLimitFactor, {
    name: 'sessions:end',
    max: 60,
    windowMs: MINUTE,
    key: byUser,
  });

  app.get(
    '/users/me/sessions',
    {
      schema: {
        tags: ['users'],
        summary: 'The caller’s signed-in sessions, most recently used first',
        security: bearer,
        response: { 200: envelope(z.array(sessionView)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await sessions.list(request.user!, request.session?.id)),
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign out one session (the caller’s own included); its tokens stop at once',
        security: bearer,
        params: sessionIdParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, endLimit],
    },
    async (request) => {
      const ended = await sessions.end(request.user!.id, request.params.id, 'signed_out');
      if (!ended) throw notFound(AUTH_MESSAGES.sessionNotFound);
      return ok(null, AUTH_MESSAGES.sessionEnded);
    },
  );
};
