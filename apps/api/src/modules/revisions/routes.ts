import {
  chapter,
  envelope,
  idParams,
  revision,
  revisionPage,
  revisionParams,
  revisionsQuery,
  STORY_MESSAGES,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { presentChapter } from '../chapters/presenter.js';
import { chapterNotFound, isAuthor } from '../stories/policy.js';
import { presentRevision, presentRevisionSummary } from './presenter.js';

const errors = errorResponses(400, 401, 404, 429);

/**
 * A chapter's revisions (decision 026): its story's author only. Anyone else, signed in or not,
 * gets the 404 of a chapter that does not exist, whatever the chapter's story or state.
 */
export const revisionRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, chapters, revisions } = services;
  const restoreLimit = limit(app, config.rateLimitFactor, {
    name: 'revisions:restore',
    max: 60,
    windowMs: MINUTE,
    key: byUser,
  });

  /** The chapter and its story when the viewer is its author; the chapter's 404 otherwise. */
  const ownChapter = async (viewer: { id: string } | null, id: string) => {
    const found = await chapters.find(id);
    const story = found ? await chapters.findStory(found.story_id) : undefined;
    if (!found || !story || !isAuthor(viewer, story)) throw chapterNotFound();
    return { found, story };
  };

  app.get(
    '/chapters/:id/revisions',
    {
      schema: {
        tags: ['revisions'],
        summary: "A chapter's revisions, newest first, without their text (its author only)",
        security: bearer,
        params: idParams,
        querystring: revisionsQuery,
        response: { 200: envelope(revisionPage), ...errors },
      },
      preHandler: [authenticate.optional],
    },
    async (request) => {
      const { found } = await ownChapter(request.user, request.params.id);
      const { page, limit: size } = request.query;
      const { items, total } = await revisions.list(found.id, page, size);
      return ok({ items: items.map(presentRevisionSummary), total, page, limit: size });
    },
  );

  app.get(
    '/chapters/:id/revisions/:revisionId',
    {
      schema: {
        tags: ['revisions'],
        summary: 'One revision of a chapter, with its text (its author only)',
        security: bearer,
        params: revisionParams,
        response: { 200: envelope(revision), ...errors },
      },
      preHandler: [authenticate.optional],
    },
    async (request) => {
      const { found } = await ownChapter(request.user, request.params.id);
      return ok(presentRevision(await revisions.read(found.id, request.params.revisionId)));
    },
  );

  app.post(
    '/chapters/:id/revisions/:revisionId/restore',
    {
      schema: {
        tags: ['revisions'],
        summary:
          "Set the chapter's title and text to a revision's; saved like any edit, so it adds a new revision",
        security: bearer,
        params: revisionParams,
        response: { 200: envelope(chapter), ...errors },
      },
      preHandler: [authenticate.optional, restoreLimit],
    },
    async (request) => {
      const { found, story } = await ownChapter(request.user, request.params.id);
      const restored = await revisions.restore(story, found, request.params.revisionId);
      return ok(presentChapter(restored), STORY_MESSAGES.revisionRestored);
    },
  );
};
