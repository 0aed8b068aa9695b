import {
  chapter,
  chapterSummary,
  chaptersByStoryQuery,
  createChapterBody,
  envelope,
  idParams,
  STORY_MESSAGES,
  updateChapterBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import {
  assertCanEdit,
  assertCanEditChapter,
  assertCanRead,
  assertCanReadChapter,
  chapterNotFound,
  seesDrafts,
} from '../stories/policy.js';
import { presentChapter, presentChapterSummary } from './presenter.js';

const errors = errorResponses(400, 401, 403, 404, 429);

export const chapterRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, chapters } = services;
  // An editor save sends one request per changed chapter: a generous per-user limit.
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'chapters:write',
    max: 300,
    windowMs: MINUTE,
    key: byUser,
  });

  /** The chapter and its story, or the 404 the caller may see. */
  const load = async (id: string) => {
    const found = await chapters.find(id);
    if (!found) throw chapterNotFound();
    return { found, story: await chapters.findStory(found.story_id) };
  };

  app.get(
    '/chapters/by-story/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: "A story's chapters in order; drafts (published_only=false) for its author only",
        params: idParams,
        querystring: chaptersByStoryQuery,
        response: { 200: envelope(z.array(chapter)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const story = await chapters.findStory(request.params.id);
      assertCanRead(request.user, story);
      const publishedOnly = request.query.published_only || !seesDrafts(request.user, story);
      return ok((await chapters.list(story, publishedOnly)).map(presentChapter));
    },
  );

  app.get(
    '/stories/:id/chapters',
    {
      schema: {
        tags: ['chapters'],
        summary:
          "A story's table of contents: its chapters in order without their text; drafts (published_only=false) for its author only",
        params: idParams,
        querystring: chaptersByStoryQuery,
        response: { 200: envelope(z.array(chapterSummary)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const story = await chapters.findStory(request.params.id);
      assertCanRead(request.user, story);
      const publishedOnly = request.query.published_only || !seesDrafts(request.user, story);
      return ok((await chapters.contents(story, publishedOnly)).map(presentChapterSummary));
    },
  );

  app.get(
    '/chapters/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: 'A chapter; an unpublished one is 404 to anyone but the author',
        params: idParams,
        response: { 200: envelope(chapter), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const { found, story } = await load(request.params.id);
      assertCanReadChapter(request.user, story, found);
      return ok(presentChapter(found));
    },
  );

  app.post(
    '/chapters',
    {
      schema: {
        tags: ['chapters'],
        summary: 'Add a chapter at `order` (default last); publishing needs content',
        security: bearer,
        body: createChapterBody,
        response: { 201: envelope(chapter), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request, reply) => {
      const story = await chapters.findStory(request.body.story_id);
      assertCanEdit(request.user, story);
      const created = await chapters.create(story, request.body);
      return reply.status(201).send(ok(presentChapter(created), STORY_MESSAGES.chapterSaved));
    },
  );

  app.patch(
    '/chapters/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: 'Update title, content, order (renumbers from 1) or published',
        security: bearer,
        params: idParams,
        body: updateChapterBody,
        response: { 200: envelope(chapter), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const { found, story } = await load(request.params.id);
      assertCanEditChapter(request.user, story, found);
      const updated = await chapters.update(story, found, request.body);
      return ok(presentChapter(updated), STORY_MESSAGES.chapterSaved);
    },
  );

  app.delete(
    '/chapters/:id',
    {
      schema: {
        tags: ['chapters'],
        summary: 'Delete a chapter (never the last one); the rest are renumbered',
        security: bearer,
        params: idParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const { found, story } = await load(request.params.id);
      assertCanEditChapter(request.user, story, found);
      await chapters.remove(story, found);
      return ok(null, STORY_MESSAGES.chapterDeleted);
    },
  );
};
