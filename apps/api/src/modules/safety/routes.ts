import {
  blockResult,
  envelope,
  listedAccount,
  muteResult,
  paged,
  pageQuery,
  SAFETY_MESSAGES,
  usernameParams,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Blocks and mutes (issue 21): `POST`/`DELETE /users/{username}/block|mute` and the caller's
 * lists `GET /users/me/blocks|mutes`. What each one does elsewhere is enforced where it applies
 * (docs/decisions/024-blocks-and-mutes.md).
 */
export const safetyRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, safety, users } = services;
  // As generous as follows: it only stops scripted floods.
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'safety:write',
    max: 300,
    windowMs: MINUTE,
    key: byUser,
  });

  const actions = [
    [
      'POST',
      'block',
      'block',
      'blocked',
      'Block a user (idempotent; not yourself); ends follows both ways',
    ],
    ['DELETE', 'block', 'unblock', 'unblocked', 'Unblock a user (idempotent)'],
    ['POST', 'mute', 'mute', 'muted', 'Mute a user (idempotent; not yourself); they are not told'],
    ['DELETE', 'mute', 'unmute', 'unmuted', 'Unmute a user (idempotent)'],
  ] as const;
  for (const [method, path, action, done, summary] of actions) {
    app.route({
      method,
      url: `/users/:username/${path}`,
      schema: {
        tags: ['safety'],
        summary,
        security: bearer,
        params: usernameParams,
        response: { 200: envelope(path === 'block' ? blockResult : muteResult), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
      // Only a block's ended follows show to visitors, and only as counts.
      config: { visitorCache: 'counters' },
      handler: async (request) => {
        const target = await users.findByNameOrId(request.params.username);
        return ok(await safety[action](request.user!, target), SAFETY_MESSAGES[done]);
      },
    });
  }

  for (const rel of ['blocks', 'mutes'] as const) {
    app.get(
      `/users/me/${rel}`,
      {
        schema: {
          tags: ['safety'],
          summary:
            rel === 'blocks'
              ? 'Whom the caller blocked, newest first'
              : 'Whom the caller muted, newest first',
          security: bearer,
          querystring: pageQuery,
          response: { 200: envelope(paged(listedAccount)), ...errors },
        },
        preHandler: [authenticate.required],
      },
      async (request) => ok(await safety[rel](request.user!, request.query)),
    );
  }
};
