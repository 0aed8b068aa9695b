import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { encodeFor } from '../lib/compress.js';
import { type PageMetaResolver, renderIndex } from '../modules/share/meta.js';
import { loadRoutePreloads, preloadLinksFor, withPreloads } from './route-preloads.js';
import { createPageRenderer, withRenderedPage } from './server-render.js';

interface SpaOptions {
  staticDir?: string;
  /** Link-preview tags for the pages that have them (story and profile pages). */
  pageMeta?: PageMetaResolver;
}

/**
 * Serves the built web app: hashed assets with long caching (precompressed when the build wrote
 * .br/.gz copies), and index.html for every other non-API GET so the client router can answer
 * (its 404 page included), with module preloads for the page's own chunks. Unknown /api paths
 * get the 404 envelope, never the SPA. Story and profile pages get their own title and Open
 * Graph tags in that index.html; a failed lookup only costs the preview, never the page.
 */
export const spa = fp(async (app: FastifyInstance, opts: SpaOptions) => {
  const indexHtml = opts.staticDir
    ? readFileSync(join(opts.staticDir, 'index.html'), 'utf8')
    : null;
  // Each page's own chunks, preloaded from its HTML (see route-preloads.ts).
  const preloads = opts.staticDir ? loadRoutePreloads(opts.staticDir) : null;
  const renderer = opts.staticDir ? createPageRenderer(app, opts.staticDir) : null;
  if (opts.staticDir) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text assets: sent to browsers that take
      // them, with `Vary: accept-encoding`.
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  async function withMeta(url: string, html: string): Promise<string> {
    if (!opts.pageMeta) return html;
    try {
      const meta = await opts.pageMeta(url);
      return meta ? renderIndex(html, meta) : html;
    } catch (error) {
      app.log.warn({ err: error, url }, 'link preview lookup failed; serving the plain page');
      return html;
    }
  }

  /** A visitor's page rendered on the server when it can be; else the plain shell. */
  async function rendered(request: FastifyRequest, html: string) {
    if (!renderer?.wants(request)) return { status: 200, html };
    try {
      const page = await renderer.render(request);
      if (page.kind === 'page') return { status: page.status, html: withRenderedPage(html, page) };
      request.log.debug({ reason: page.reason }, 'page not server-rendered');
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering failed; serving the app shell');
    }
    return { status: 200, html };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      const shell = withPreloads(indexHtml, preloads ? preloadLinksFor(preloads, request.url) : '');
      const page = await rendered(request, shell);
      const html = await withMeta(request.url, page.html);
      // Pages are compressed here; the assets were compressed by the build.
      const encoded = await encodeFor(request.headers['accept-encoding'], html);
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      return (
        reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Visitors get the rendered page, signed-in readers the shell (the hint cookie).
          .header('vary', 'accept-encoding, cookie')
          .send(encoded.body)
      );
    }
    return reply.status(404).send({
      success: false,
      message: MESSAGES.routeNotFound,
      error: { code: 'not_found' },
    });
  });
});
