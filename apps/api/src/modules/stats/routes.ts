import { envelope, idParams, storyStats, storyStatsQuery } from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 404, 429);

/** A story's Stats view, for its author only (docs/decisions/030-story-stats.md). */
export const statsRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, stats } = services;

  app.get(
    '/stories/:id/stats',
    {
      schema: {
        tags: ['stories'],
        summary:
          'The author’s stats of a story: reads, likes and comments per UTC day, reads and readers per chapter',
        description:
          'Anyone but the story’s author gets the same 404 as a story that does not exist.',
        security: bearer,
        params: idParams,
        querystring: storyStatsQuery,
        response: { 200: envelope(storyStats), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) =>
      ok(await stats.storyStats(request.user!, request.params.id, request.query.days)),
  );
};
