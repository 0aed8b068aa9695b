import {
  directoryAuthor,
  envelope,
  homeSections,
  idParams,
  paged,
  similarQuery,
  story,
  storyListPage,
  storyListQuery,
  suggestedAuthorsQuery,
  userSummary,
  windowedPageQuery,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import type { Services } from '../../services.js';
import { assertCanRead } from '../stories/policy.js';

const errors = errorResponses(400, 401, 404);

/**
 * Browsing: the public story lists, 'More Like This', the Following feed, suggested authors and
 * the author directory.
 */
export const discoveryRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, discovery } = services;

  app.get(
    '/stories',
    {
      schema: {
        tags: ['discovery'],
        summary:
          'Public stories: latest (first published), popular (lifetime reads + 10 × likes) or trending (decayed recent reads and likes)',
        querystring: storyListQuery,
        response: { 200: envelope(storyListPage), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await discovery.list(request.query, request.user)),
  );

  app.get(
    '/home',
    {
      schema: {
        tags: ['discovery'],
        summary:
          "The home page's sections: Featured (6) and Most Popular (the next 4) from the popular order, Trending (8) and Fresh Off the Press (8) leaving out stories shown above; story cards",
        response: { 200: envelope(homeSections), ...errors },
      },
      // Signed in, the sections leave out the stories of people the reader muted.
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await discovery.home(request.user)),
  );

  app.get(
    '/stories/:id/similar',
    {
      schema: {
        tags: ['discovery'],
        summary:
          'More Like This: up to 4 other public stories of the same genre, most popular first',
        params: idParams,
        querystring: similarQuery,
        response: { 200: envelope(z.array(story)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => {
      const found = await discovery.findStory(request.params.id);
      assertCanRead(request.user, found);
      return ok(await discovery.similar(found, request.query.limit, request.user));
    },
  );

  app.get(
    '/feed/following',
    {
      schema: {
        tags: ['discovery'],
        summary: 'Public stories by the authors the caller follows, newest first',
        security: bearer,
        querystring: windowedPageQuery,
        response: { 200: envelope(paged(story)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await discovery.following(request.user!, request.query)),
  );

  app.get(
    '/users/authors',
    {
      schema: {
        tags: ['discovery'],
        summary:
          'The author directory: users with a public story, most followers first (counted where the profile is public), then by name',
        querystring: windowedPageQuery,
        response: { 200: envelope(paged(directoryAuthor)), ...errors },
      },
      preHandler: [authenticate.optional],
      config: { visitorCache: 'keep' },
    },
    async (request) => ok(await discovery.authors(request.query, request.user)),
  );

  app.get(
    '/users/suggested',
    {
      schema: {
        tags: ['discovery'],
        summary:
          'Up to 5 authors of the 20 most popular stories, without the caller and whom they follow',
        security: bearer,
        querystring: suggestedAuthorsQuery,
        response: { 200: envelope(z.array(userSummary)), ...errors },
      },
      preHandler: [authenticate.required],
    },
    async (request) => ok(await discovery.suggestedAuthors(request.user!, request.query.limit)),
  );
};
