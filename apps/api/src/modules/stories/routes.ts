import multipart from '@fastify/multipart';
import {
  createStoryBody,
  envelope,
  idParams,
  LIMITS,
  STORY_MESSAGES,
  story,
  storyDetail,
  updateStoryBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { multipartBody, readImageUpload } from '../media/uploads.js';
import { assertCanEdit, assertCanRead } from './policy.js';

const COVER_FIELDS = ['cover', 'file'];
const errors = errorResponses(400, 401, 403, 404, 429);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 429);

export const storyRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, stories } = services;
  const f = config.rateLimitFactor;
  const writeLimit = limit(app, f, {
    name: 'stories:write',
    max: 60,
    windowMs: MINUTE,
    key: byUser,
  });
  const uploadLimit = limit(app, f, {
    name: 'covers:write',
    max: 30,
    windowMs: MINUTE,
    key: byUser,
  });

  // Uploads: multipart only in this scope; the file size limit is enforced while streaming.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<ZodTypeProvider>();
    await form.register(multipart, {
      limits: {
        fileSize: LIMITS.uploadMaxBytes,
        files: 1,
        fields: 30,
        fieldSize: LIMITS.requestBodyMaxBytes,
        parts: 31,
      },
    });
    form.decorateRequest('upload', null);

    form.post(
      '/stories',
      {
        schema: {
          tags: ['stories'],
          summary:
            'Create a story (multipart: tags comma-joined, optional cover, chapters as JSON)',
          security: bearer,
          consumes: ['multipart/form-data', 'application/json'],
          body: createStoryBody,
          response: { 201: envelope(story), ...uploadErrors },
        },
        // Auth and the limit run before the upload is read.
        preValidation: [authenticate.required, writeLimit, multipartBody(COVER_FIELDS, ['tags'])],
      },
      async (request, reply) => {
        const created = await stories.create(request.user!, request.body, request.upload);
        const payload = await stories.view(created, request.user);
        return reply.status(201).send(ok(payload, STORY_MESSAGES.storyCreated));
      },
    );

    form.patch(
      '/stories/:id/cover',
      {
        schema: {
          tags: ['stories'],
          summary:
            'Replace the cover (multipart field `cover`; JPEG, PNG, WebP, GIF or AVIF ≤ 5 MB)',
          security: bearer,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: envelope(story), ...uploadErrors },
        },
        preHandler: [authenticate.required, uploadLimit],
      },
      async (request) => {
        const found = await stories.find(request.params.id);
        assertCanEdit(request.user, found);
        const upload = await readImageUpload(request, COVER_FIELDS);
        const updated = await stories.setCover(found, upload);
        return ok(await stories.view(updated, request.user), STORY_MESSAGES.coverUpdated);
      },
    );
  });

  app.post(
    '/stories/json',
    {
      schema: {
        tags: ['stories'],
        summary: 'Create a story, optionally with its first chapters, in one transaction',
        security: bearer,
        body: createStoryBody,
        response: { 201: envelope(story), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request, reply) => {
      const created = await stories.create(request.user!, request.body, null);
      const payload = await stories.view(created, request.user);
      return reply.status(201).send(ok(payload, STORY_MESSAGES.storyCreated));
    },
  );

  app.get(
    '/stories/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'A story; a private one answers anyone but its author with 404 story_private',
        params: idParams,
        response: { 200: envelope(storyDetail), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const found = await stories.find(request.params.id);
      assertCanRead(request.user, found);
      return ok(await stories.detail(found, request.user));
    },
  );

  app.patch(
    '/stories/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'Update details, tags, visibility and settings (author only)',
        security: bearer,
        params: idParams,
        body: updateStoryBody,
        response: { 200: envelope(story), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await stories.find(request.params.id);
      assertCanEdit(request.user, found);
      const updated = await stories.update(found, request.body);
      return ok(await stories.view(updated, request.user), STORY_MESSAGES.storyUpdated);
    },
  );

  app.delete(
    '/stories/:id/cover',
    {
      schema: {
        tags: ['stories'],
        summary: 'Remove the cover (author only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(story), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await stories.find(request.params.id);
      assertCanEdit(request.user, found);
      const updated = await stories.removeCover(found);
      return ok(await stories.view(updated, request.user), STORY_MESSAGES.coverRemoved);
    },
  );

  app.delete(
    '/stories/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'Delete a story with its chapters and cover (author only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const found = await stories.find(request.params.id);
      assertCanEdit(request.user, found);
      await stories.remove(found);
      return ok(null, STORY_MESSAGES.storyDeleted);
    },
  );
};
