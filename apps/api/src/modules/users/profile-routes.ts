import { envelope, paged, pageQuery, profile, story, usernameParams } from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Other people's profiles: `/users/{username}` (or a user id). Registered after the static
 * `/users/me…` routes' module; the router prefers static segments anyway, so `/users/me`,
 * `/users/search` and the like never reach these.
 */
export const profileRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, users } = services;

  app.get(
    '/users/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'A profile by username or id, as its privacy settings allow the caller',
        params: usernameParams,
        response: { 200: envelope(profile), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const user = await users.findByNameOrId(request.params.username);
      return ok(await users.profile(user, request.user));
    },
  );

  app.get(
    '/users/:username/stories',
    {
      schema: {
        tags: ['users'],
        summary:
          "A user's public stories, newest first; the user themselves also gets private ones",
        params: usernameParams,
        querystring: pageQuery,
        response: { 200: envelope(paged(story)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const user = await users.findByNameOrId(request.params.username);
      return ok(await users.storiesOf(user, request.user, request.query));
    },
  );
};
