import {
  COMMENT_MESSAGES,
  comment,
  commentCounts,
  commentLikeResult,
  commentListQuery,
  commentThread,
  createCommentBody,
  envelope,
  idParams,
  paged,
  pageQuery,
  updateCommentBody,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { DAY, MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const readErrors = errorResponses(400, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Comments on chapters and paragraphs (issue 19): `/chapters/{id}/comments…` and
 * `/comments/{id}…`. Reading follows the chapter's own rules; writing needs an account.
 */
export const commentRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, comments, config } = services;
  const factor = config.rateLimitFactor;
  // Posting: a reader in full flow writes a few a minute; a script writes hundreds. Counted per
  // account and per address, so neither many accounts on one address nor one account on many
  // addresses gets past it.
  const postLimits = [
    limit(app, factor, { name: 'comments:post:user', max: 10, windowMs: MINUTE, key: byUser }),
    limit(app, factor, { name: 'comments:post:user:day', max: 500, windowMs: DAY, key: byUser }),
    limit(app, factor, { name: 'comments:post:ip', max: 60, windowMs: MINUTE }),
  ];
  // Edits, deletions and likes.
  const actLimits = [
    limit(app, factor, { name: 'comments:act:user', max: 120, windowMs: MINUTE, key: byUser }),
    limit(app, factor, { name: 'comments:act:ip', max: 300, windowMs: MINUTE }),
  ];

  app.get(
    '/chapters/:id/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'A page of the chapter-level thread, or of paragraph N’s; top-level comments only',
        params: idParams,
        querystring: commentListQuery,
        response: { 200: envelope(commentThread), ...readErrors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await comments.thread(request.user, request.params.id, request.query)),
  );

  app.get(
    '/chapters/:id/comment-counts',
    {
      schema: {
        tags: ['comments'],
        summary: 'Visible top-level comments per paragraph and on the chapter, in one query',
        params: idParams,
        response: { 200: envelope(commentCounts), ...readErrors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await comments.counts(request.user, request.params.id)),
  );

  app.post(
    '/chapters/:id/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment on the chapter or on paragraph N, or reply to a top-level comment',
        security: bearer,
        params: idParams,
        body: createCommentBody,
        response: { 201: envelope(comment), ...writeErrors },
      },
      preHandler: [authenticate.required, ...postLimits],
    },
    async (request, reply) => {
      const created = await comments.create(request.user!, request.params.id, request.body);
      reply.code(201);
      return ok(created, created.parent_id ? COMMENT_MESSAGES.replied : COMMENT_MESSAGES.posted);
    },
  );

  app.get(
    '/comments/:id/replies',
    {
      schema: {
        tags: ['comments'],
        summary: 'A page of a comment’s replies, oldest first',
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(paged(comment)), ...readErrors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await comments.replies(request.user, request.params.id, request.query)),
  );

  app.patch(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit your own comment (it shows as edited)',
        security: bearer,
        params: idParams,
        body: updateCommentBody,
        response: { 200: envelope(comment), ...writeErrors },
      },
      preHandler: [authenticate.required, ...actLimits],
    },
    async (request) =>
      ok(
        await comments.edit(request.user!, request.params.id, request.body.body),
        COMMENT_MESSAGES.edited,
      ),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Delete your comment, or any comment on your story; one with replies stays as a placeholder',
        security: bearer,
        params: idParams,
        response: {
          200: envelope(
            z.object({
              id: z.string(),
              placeholder: z.boolean().describe('Kept as "Comment deleted" because it has replies'),
            }),
          ),
          ...writeErrors,
        },
      },
      preHandler: [authenticate.required, ...actLimits],
    },
    async (request) =>
      ok(await comments.remove(request.user!, request.params.id), COMMENT_MESSAGES.deleted),
  );

  for (const action of ['like', 'unlike'] as const) {
    app.route({
      method: action === 'like' ? 'POST' : 'DELETE',
      url: '/comments/:id/like',
      schema: {
        tags: ['comments'],
        summary: action === 'like' ? 'Like a comment (idempotent)' : 'Remove a like (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(commentLikeResult), ...writeErrors },
      },
      preHandler: [authenticate.required, ...actLimits],
      config: { visitorCache: 'counters' },
      handler: async (request) =>
        ok(
          await comments[action](request.user!, request.params.id),
          action === 'like' ? COMMENT_MESSAGES.liked : COMMENT_MESSAGES.unliked,
        ),
    });
  }
};
