import {
  continueReading,
  envelope,
  idParams,
  paged,
  pageQuery,
  progressQuery,
  progressResult,
  userStats,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { assertCanReadChapter, chapterNotFound } from '../stories/policy.js';

const errors = errorResponses(400, 401, 404, 429);

/** Reading: counting reads, the reader's position, Continue Reading and the caller's stats. */
export const readingRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, reading, chapters } = services;
  // A reader turning pages quickly, or many readers behind one address: generous.
  const progressLimit = limit(app, config.rateLimitFactor, {
    name: 'reads:ip',
    max: 600,
    windowMs: MINUTE,
  });

  // The call has no body; a client that still labels its empty body as JSON is not refused.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.post(
    '/chapters/:id/progress',
    {
      schema: {
        tags: ['reading'],
        summary:
          'Record that the caller opened a chapter: counts the read once and stores their position',
        params: idParams,
        querystring: progressQuery,
        response: { 200: envelope(progressResult), ...errors },
      },
      preHandler: [progressLimit, authenticate.optional],
      config: { visitorCache: 'counters' },
    },
    async (request) => {
      const chapter = await chapters.find(request.params.id);
      if (!chapter) throw chapterNotFound();
      const story = await chapters.findStory(chapter.story_id);
      assertCanReadChapter(request.user, story, chapter);
      const result = await reading.recordRead(story, chapter, request.query.story_id, {
        user: request.user,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return ok(result);
    },
  );

  app.get(
    '/users/me/progress',
    {
      schema: {
        tags: ['reading'],
        summary: 'Continue Reading: stories the caller is reading, most recently read first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(continueReading)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await reading.continueReading(request.user!, request.query)),
  );

  app.get(
    '/users/me/stats',
    {
      schema: {
        tags: ['reading'],
        summary: 'Your Stats and the Monthly Reading Challenge (calendar month, UTC)',
        security: bearer,
        response: { 200: envelope(userStats), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await reading.stats(request.user!)),
  );
};
