import {
  addSeriesStoryBody,
  createSeriesBody,
  envelope,
  idParams,
  SERIES_MESSAGES,
  series,
  seriesStoriesBody,
  seriesStoryParams,
  updateSeriesBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { assertOwnsSeries, seriesNotFound } from './service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Series of an author's stories (issue 22, docs/decisions/029-series.md). */
export const seriesRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, series: service } = services;
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'series:write',
    max: 120,
    windowMs: MINUTE,
    key: byUser,
  });

  /** The series the caller owns, or the error they get. */
  const owned = async (id: string, viewer: { id: string } | null) => {
    const found = await service.find(id);
    assertOwnsSeries(viewer, found);
    return found;
  };
  const viewOf = async (id: string, viewer: { id: string }) =>
    service.view((await service.find(id))!, viewer);

  app.get(
    '/series/:id',
    {
      schema: {
        tags: ['series'],
        summary:
          'A series and the parts the caller may see, in order; 404 to others when they may see none',
        params: idParams,
        response: { 200: envelope(series), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const found = await service.find(request.params.id);
      if (!found) throw seriesNotFound();
      return ok(await service.view(found, request.user));
    },
  );

  app.get(
    '/users/me/series',
    {
      schema: {
        tags: ['series'],
        summary: "The caller's own series, newest first, every part shown",
        security: bearer,
        response: { 200: envelope(z.array(series)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await service.mine(request.user!)),
  );

  app.post(
    '/series',
    {
      schema: {
        tags: ['series'],
        summary: 'Create a series of your own stories (each in at most one series)',
        security: bearer,
        body: createSeriesBody,
        response: { 201: envelope(series), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request, reply) => {
      const created = await service.create(request.user!, request.body);
      return reply
        .status(201)
        .send(ok(await service.view(created, request.user), SERIES_MESSAGES.created));
    },
  );

  app.patch(
    '/series/:id',
    {
      schema: {
        tags: ['series'],
        summary: 'Rename a series or change its description (its author only)',
        security: bearer,
        params: idParams,
        body: updateSeriesBody,
        response: { 200: envelope(series), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await owned(request.params.id, request.user);
      const updated = await service.update(found, request.body);
      return ok(await service.view(updated, request.user), SERIES_MESSAGES.updated);
    },
  );

  app.delete(
    '/series/:id',
    {
      schema: {
        tags: ['series'],
        summary: 'Delete a series; its stories stay (its author only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      await service.remove(await owned(request.params.id, request.user));
      return ok(null, SERIES_MESSAGES.deleted);
    },
  );

  app.put(
    '/series/:id/stories',
    {
      schema: {
        tags: ['series'],
        summary: 'Set the parts in order: adds, removes and reorders at once (its author only)',
        security: bearer,
        params: idParams,
        body: seriesStoriesBody,
        response: { 200: envelope(series), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await owned(request.params.id, request.user);
      await service.setStories(found, request.body.story_ids);
      return ok(await viewOf(found.id, request.user!), SERIES_MESSAGES.updated);
    },
  );

  app.post(
    '/series/:id/stories',
    {
      schema: {
        tags: ['series'],
        summary: 'Add one of your stories at `position` (default last), or move it there',
        security: bearer,
        params: idParams,
        body: addSeriesStoryBody,
        response: { 200: envelope(series), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await owned(request.params.id, request.user);
      await service.addStory(found, request.body.story_id, request.body.position);
      return ok(await viewOf(found.id, request.user!), SERIES_MESSAGES.updated);
    },
  );

  app.delete(
    '/series/:id/stories/:storyId',
    {
      schema: {
        tags: ['series'],
        summary: 'Take a story out of the series; the rest are renumbered (the story stays)',
        security: bearer,
        params: seriesStoryParams,
        response: { 200: envelope(series), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await owned(request.params.id, request.user);
      await service.removeStory(found, request.params.storyId);
      return ok(await viewOf(found.id, request.user!), SERIES_MESSAGES.updated);
    },
  );
};
