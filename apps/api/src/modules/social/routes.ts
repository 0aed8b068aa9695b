import {
  envelope,
  followResult,
  idParams,
  likeResult,
  PEOPLE_MESSAGES,
  paged,
  pageQuery,
  saveResult,
  story,
  storyIdParams,
  userCard,
  usernameParams,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 403, 404, 429);

/** Follows (`/users/{username}/…`), likes (`/stories/{id}/like`) and saves (`/library`). */
export const socialRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, social, users } = services;
  // Generous: a reader clicks through many cards; it only stops scripted floods.
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'social:write',
    max: 300,
    windowMs: MINUTE,
    key: byUser,
  });
  const signedIn = { preHandler: [authenticate.required, writeLimit], security: bearer };

  for (const [path, action] of [
    ['follow', 'follow'],
    ['unfollow', 'unfollow'],
  ] as const) {
    app.post(
      `/users/:username/${path}`,
      {
        schema: {
          tags: ['social'],
          summary:
            action === 'follow'
              ? 'Follow a user (idempotent; not yourself)'
              : 'Stop following a user (idempotent)',
          security: signedIn.security,
          params: usernameParams,
          response: { 200: envelope(followResult), ...errors },
        },
        preHandler: signedIn.preHandler,
        config: { visitorCache: 'counters' },
      },
      async (request) => {
        const target = await users.findByNameOrId(request.params.username);
        const result = await social[action](request.user!, target);
        return ok(
          result,
          action === 'follow' ? PEOPLE_MESSAGES.followed : PEOPLE_MESSAGES.unfollowed,
        );
      },
    );
  }

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/users/:username/${side}`,
      {
        schema: {
          tags: ['social'],
          summary:
            side === 'followers'
              ? "A user's followers, newest first"
              : 'Whom a user follows, newest first',
          params: usernameParams,
          querystring: pageQuery,
          response: { 200: envelope(paged(userCard)), ...errors },
        },
        preHandler: [authenticate.optional],
      },
      async (request) => {
        const user = await users.findByNameOrId(request.params.username);
        return ok(await social.followList(user, side, request.user, request.query));
      },
    );
  }

  app.post(
    '/stories/:id/like',
    {
      schema: {
        tags: ['social'],
        summary: 'Like a story (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(likeResult), ...errors },
      },
      preHandler: signedIn.preHandler,
      config: { visitorCache: 'counters' },
    },
    async (request) =>
      ok(await social.like(request.user!, request.params.id), PEOPLE_MESSAGES.liked),
  );

  app.delete(
    '/stories/:id/like',
    {
      schema: {
        tags: ['social'],
        summary: 'Remove a like (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(likeResult), ...errors },
      },
      preHandler: signedIn.preHandler,
      config: { visitorCache: 'counters' },
    },
    async (request) =>
      ok(await social.unlike(request.user!, request.params.id), PEOPLE_MESSAGES.unliked),
  );

  app.get(
    '/library',
    {
      schema: {
        tags: ['social'],
        summary: 'The signed-in user’s saved stories, newest save first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(story)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await social.library(request.user!, request.query)),
  );

  app.post(
    '/library/:storyId',
    {
      schema: {
        tags: ['social'],
        summary: 'Save a story to the library (idempotent)',
        security: bearer,
        params: storyIdParams,
        response: { 200: envelope(saveResult), ...errors },
      },
      preHandler: signedIn.preHandler,
      config: { visitorCache: 'counters' },
    },
    async (request) =>
      ok(await social.save(request.user!, request.params.storyId), PEOPLE_MESSAGES.saved),
  );

  app.delete(
    '/library/:storyId',
    {
      schema: {
        tags: ['social'],
        summary: 'Remove a story from the library (idempotent)',
        security: bearer,
        params: storyIdParams,
        response: { 200: envelope(saveResult), ...errors },
      },
      preHandler: signedIn.preHandler,
      config: { visitorCache: 'counters' },
    },
    async (request) =>
      ok(await social.unsave(request.user!, request.params.storyId), PEOPLE_MESSAGES.unsaved),
  );

  app.get(
    '/users/me/likes',
    {
      schema: {
        tags: ['social'],
        summary: 'The signed-in user’s liked stories, newest like first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(story)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await social.likes(request.user!, request.query)),
  );
};
