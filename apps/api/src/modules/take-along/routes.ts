import { Readable } from 'node:stream';
import { downloadQuery, idParams, usernameParams } from '@storyloom/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limit } from '../../lib/rate-limit.js';
import { errorResponses } from '../../lib/route-schema.js';
import { MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { assertCanRead } from '../stories/policy.js';

const errors = errorResponses(400, 403, 404, 429);
const ATOM = 'application/atom+xml; charset=utf-8';
/** Feed readers poll; the visitors' cache and this keep them cheap. */
const FEED_CACHE = 'public, max-age=300';

/** `attachment` with an ASCII name and the UTF-8 one (RFC 6266). */
const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

const sendFeed = (reply: FastifyReply, xml: string) =>
  reply.type(ATOM).header('cache-control', FEED_CACHE).send(xml);

/** A file, not the envelope: the schema names its media types for the OpenAPI document. */
const file = (type: string, description: string) => z.string().describe(`${description} (${type})`);

/**
 * Take along (issue 23, docs/decisions/034-take-along.md): a story as EPUB or HTML, and the Atom
 * feeds. The sitemaps and robots.txt are outside /api (`crawlerRoutes`).
 */
export const takeAlongRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, stories, takeAlong } = services;
  const downloadLimit = limit(app, config.rateLimitFactor, {
    name: 'download',
    max: 30,
    windowMs: MINUTE,
    key: (request) => request.user?.id ?? null,
  });

  app.get(
    '/stories/:id/download',
    {
      schema: {
        tags: ['take along'],
        summary:
          'The story’s published chapters as an EPUB 3 book or one HTML file (an attachment). ' +
          'A Mature or Explicit story only for its author and readers with Show mature content on (else 403 mature_content)',
        params: idParams,
        querystring: downloadQuery,
        // 200: the file (application/epub+zip or text/html), not the envelope.
        response: errors,
      },
      preHandler: [authenticate.optional, downloadLimit],
    },
    async (request, reply) => {
      const found = await stories.find(request.params.id);
      assertCanRead(request.user, found);
      await takeAlong.assertMayTake(request.user, found);
      const made = await takeAlong.download(found, request.query.format);
      // A file, not the envelope the typed reply expects.
      return (reply as FastifyReply)
        .type(made.contentType)
        .header('content-disposition', attachment(made.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(made.body);
    },
  );

  app.get(
    '/feed.atom',
    {
      schema: {
        tags: ['take along'],
        summary: 'Atom feed of the site’s newest stories (General and Teen)',
        response: { 200: file('application/atom+xml', 'An Atom 1.0 feed'), ...errors },
      },
      config: { visitorCache: 'keep' },
    },
    async (_request, reply) => sendFeed(reply, await takeAlong.siteFeed()),
  );

  app.get(
    '/stories/:id/feed.atom',
    {
      schema: {
        tags: ['take along'],
        summary:
          'Atom feed of a public story’s newest published chapters; a Mature or Explicit story has none (403)',
        params: idParams,
        response: { 200: file('application/atom+xml', 'An Atom 1.0 feed'), ...errors },
      },
      config: { visitorCache: 'keep' },
    },
    async (request, reply) => {
      const found = await stories.find(request.params.id);
      // Feed readers send no token: what a visitor may read.
      assertCanRead(null, found);
      return sendFeed(reply, await takeAlong.storyFeed(found));
    },
  );

  app.get(
    '/users/:username/feed.atom',
    {
      schema: {
        tags: ['take along'],
        summary:
          'Atom feed of an author’s newest stories and chapters (General and Teen); 404 unless their profile is public',
        params: usernameParams,
        response: { 200: file('application/atom+xml', 'An Atom 1.0 feed'), ...errors },
      },
      config: { visitorCache: 'keep' },
    },
    async (request, reply) => sendFeed(reply, await takeAlong.authorFeed(request.params.username)),
  );
};

const SITEMAP_NAME = /^(stories|profiles)-([1-9]\d{0,6})\.xml$/;
const XML = 'application/xml; charset=utf-8';
const CRAWLER_CACHE = 'public, max-age=3600';

/** `/robots.txt`, `/sitemap.xml` and `/sitemaps/*.xml`, outside /api. */
export const crawlerRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { config, sitemaps } = services;
  const base = config.publicUrl.replace(/\/+$/, '');
  const hide = { hide: true } as const;
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');

  app.get('/robots.txt', { schema: hide }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(
        [
          'User-agent: *',
          // The API is for the app; its Atom feeds are for everyone.
          'Allow: /api/feed.atom',
          'Allow: /api/stories/*/feed.atom',
          'Allow: /api/users/*/feed.atom',
          'Disallow: /api/',
          '',
          `Sitemap: ${base}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: hide }, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CRAWLER_CACHE)
      .send(await sitemaps.index()),
  );

  app.get<{ Params: { name: string } }>(
    '/sitemaps/:name',
    { schema: hide },
    async (request, reply) => {
      const { name } = request.params;
      if (name === 'pages.xml') {
        return reply.type(XML).header('cache-control', CRAWLER_CACHE).send(sitemaps.pages());
      }
      const match = SITEMAP_NAME.exec(name);
      if (!match) return notFound(reply);
      const page = await sitemaps.page(match[1] as 'stories' | 'profiles', Number(match[2]));
      if (!page) return notFound(reply);
      return reply
        .type(XML)
        .header('cache-control', CRAWLER_CACHE)
        .send(Readable.from(page, { objectMode: false }));
    },
  );
};
