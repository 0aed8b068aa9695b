import {
  deletedItem,
  envelope,
  idParams,
  paged,
  pageQuery,
  story,
  TRASH_MESSAGES,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 404, 409, 429);

/**
 * The author's "Recently deleted" (docs/decisions/027-recently-deleted.md). Only the author
 * ever sees an item; anyone else gets the 404 of a missing one.
 */
export const trashRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, trash, stories } = services;
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'trash:restore',
    max: 60,
    windowMs: MINUTE,
    key: byUser,
  });

  app.get(
    '/users/me/recently-deleted',
    {
      schema: {
        tags: ['stories'],
        summary:
          'The signed-in author’s deleted stories and chapters, newest first, each with when it goes for good (30 days after)',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(deletedItem)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await trash.list(request.user!, request.query)),
  );

  app.post(
    '/stories/:id/restore',
    {
      schema: {
        tags: ['stories'],
        summary:
          'Bring a story back from Recently deleted, whole: chapters, comments, counts, cover (author only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(story), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const restored = await trash.restoreStory(request.user!, request.params.id);
      return ok(await stories.view(restored, request.user), TRASH_MESSAGES.storyRestored);
    },
  );

  app.post(
    '/chapters/:id/restore',
    {
      schema: {
        tags: ['chapters'],
        summary:
          'Bring a chapter back from Recently deleted at its old position, with its comments; 409 while its story is deleted too (author only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      await trash.restoreChapter(request.user!, request.params.id);
      return ok(null, TRASH_MESSAGES.chapterRestored);
    },
  );
};
