import {
  chapterSearchPage,
  chapterSearchQuery,
  envelope,
  storyListPage,
  storySearchQuery,
  userSearchQuery,
  userSummary,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { limit } from '../../lib/rate-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 429);

/**
 * `GET /stories/search`, `GET /search/chapters` ("In chapter text") and the search box's author
 * lookup, `GET /users/search`.
 */
export const searchRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, search } = services;
  // Full-text queries cost more than list pages: bounded per address, generously.
  const searchLimit = limit(app, config.rateLimitFactor, {
    name: 'search:ip',
    max: 300,
    windowMs: MINUTE,
  });

  app.get(
    '/stories/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Full-text search of public stories (title, description, tags, author); every word required, the last also as a prefix',
        querystring: storySearchQuery,
        response: { 200: envelope(storyListPage), ...errors },
      },
      preHandler: [searchLimit, authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await search.stories(request.query, request.user)),
  );

  app.get(
    '/search/chapters',
    {
      schema: {
        tags: ['search'],
        summary:
          'Words or a "quoted phrase" inside the published chapters of public stories: each chapter with the sentence of its first matching paragraph, newest chapters first',
        querystring: chapterSearchQuery,
        response: { 200: envelope(chapterSearchPage), ...errors },
      },
      preHandler: [searchLimit, authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await search.chapters(request.query, request.user)),
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Users whose username starts with q (any case), in username order',
        querystring: userSearchQuery,
        response: { 200: envelope(z.array(userSummary)), ...errors },
      },
      preHandler: [searchLimit, authenticate.optional],
    },
    async (request) => ok(await search.users(request.query.q, request.query.limit, request.user)),
  );
};
