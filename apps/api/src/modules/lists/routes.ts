import {
  addListStoryBody,
  createListBody,
  envelope,
  idParams,
  LIST_MESSAGES,
  listFollowResult,
  listMembership,
  listOrderBody,
  listStoriesPage,
  listStoryParams,
  moveListStoryBody,
  myListsQuery,
  paged,
  pageQuery,
  readingList,
  updateListBody,
  usernameParams,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Reading lists (issue 23, docs/decisions/033-reading-lists.md). */
export const listRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, lists, users } = services;
  const writeLimit = limit(app, config.rateLimitFactor, {
    name: 'lists:write',
    max: 240,
    windowMs: MINUTE,
    key: byUser,
  });
  const tags = ['lists'];

  app.get(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'A reading list; 404 unless it is public or the caller’s own',
        params: idParams,
        response: { 200: envelope(readingList), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const list = await lists.visible(request.params.id, request.user);
      return ok(await lists.view(list, request.user));
    },
  );

  app.get(
    '/lists/:id/stories',
    {
      schema: {
        tags,
        summary:
          'A page of the list’s stories in its order: only those the caller may see (public, not hidden or deleted, within their ratings, not muted)',
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(listStoriesPage), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const list = await lists.visible(request.params.id, request.user);
      return ok(await lists.stories(list, request.user, request.query));
    },
  );

  app.get(
    '/users/:username/lists',
    {
      schema: {
        tags,
        summary:
          'A user’s public reading lists in their order (the user themselves also gets private ones)',
        params: usernameParams,
        response: { 200: envelope(z.array(readingList)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const owner = await users.findByNameOrId(request.params.username);
      return ok(await lists.ofUser(owner, request.user));
    },
  );

  app.get(
    '/users/me/lists',
    {
      schema: {
        tags,
        summary:
          'The caller’s reading lists in their order, private ones too; with `story_id`, each says whether it holds that story',
        security: bearer,
        querystring: myListsQuery,
        response: { 200: envelope(z.array(readingList)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await lists.mine(request.user!, request.query.story_id)),
  );

  app.get(
    '/users/me/lists/following',
    {
      schema: {
        tags,
        summary: 'The public reading lists the caller follows, most recently followed first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(readingList)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await lists.followed(request.user!, request.query)),
  );

  app.put(
    '/users/me/lists/order',
    {
      schema: {
        tags,
        summary: 'Put the caller’s lists in a new order (every one of them, each once)',
        security: bearer,
        body: listOrderBody,
        response: { 200: envelope(z.array(readingList)), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) =>
      ok(await lists.reorder(request.user!, request.body.list_ids), LIST_MESSAGES.updated),
  );

  app.post(
    '/lists',
    {
      schema: {
        tags,
        summary: 'Create a reading list (public unless asked otherwise)',
        security: bearer,
        body: createListBody,
        response: { 201: envelope(readingList), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request, reply) => {
      const created = await lists.create(request.user!, request.body);
      return reply
        .status(201)
        .send(ok(await lists.view(created, request.user), LIST_MESSAGES.created));
    },
  );

  app.patch(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'Rename, describe, or make a list public or private (its owner only)',
        security: bearer,
        params: idParams,
        body: updateListBody,
        response: { 200: envelope(readingList), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const list = await lists.owned(request.params.id, request.user);
      const updated = await lists.update(list, request.body);
      return ok(await lists.view(updated, request.user), LIST_MESSAGES.updated);
    },
  );

  app.delete(
    '/lists/:id',
    {
      schema: {
        tags,
        summary: 'Delete a list; its stories stay where they are (its owner only)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      await lists.remove(await lists.owned(request.params.id, request.user));
      return ok(null, LIST_MESSAGES.deleted);
    },
  );

  app.post(
    '/lists/:id/stories',
    {
      schema: {
        tags,
        summary: 'Add a story the caller may read to the end of their list (idempotent)',
        security: bearer,
        params: idParams,
        body: addListStoryBody,
        response: { 200: envelope(listMembership), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const list = await lists.owned(request.params.id, request.user);
      const added = await lists.addStory(list, request.user!, request.body.story_id);
      return ok(added, LIST_MESSAGES.added(list.name));
    },
  );

  app.delete(
    '/lists/:id/stories/:storyId',
    {
      schema: {
        tags,
        summary: 'Take a story out of the list (idempotent; the story stays)',
        security: bearer,
        params: listStoryParams,
        response: { 200: envelope(listMembership), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const list = await lists.owned(request.params.id, request.user);
      const removed = await lists.removeStory(list, request.params.storyId);
      return ok(removed, LIST_MESSAGES.removed(list.name));
    },
  );

  app.patch(
    '/lists/:id/stories/:storyId',
    {
      schema: {
        tags,
        summary: 'Move a story just `before` or just `after` another story of the list',
        security: bearer,
        params: listStoryParams,
        body: moveListStoryBody,
        response: { 200: envelope(z.null()), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const list = await lists.owned(request.params.id, request.user);
      await lists.moveStory(list, request.params.storyId, request.body);
      return ok(null, LIST_MESSAGES.updated);
    },
  );

  app.post(
    '/lists/:id/follow',
    {
      schema: {
        tags,
        summary: 'Follow a public list (not your own, nor across a block; idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(listFollowResult), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      const list = await lists.visible(request.params.id, request.user);
      return ok(await lists.follow(list, request.user!), LIST_MESSAGES.followed);
    },
  );

  app.delete(
    '/lists/:id/follow',
    {
      schema: {
        tags,
        summary: 'Stop following a list (idempotent)',
        security: bearer,
        params: idParams,
        response: { 200: envelope(listFollowResult), ...errors },
      },
      preHandler: [authenticate.required, writeLimit],
    },
    async (request) => {
      return ok(await lists.unfollow(request.params.id, request.user!), LIST_MESSAGES.unfollowed);
    },
  );
};
