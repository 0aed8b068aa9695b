import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type PageMetaResolver, renderIndex } from '../modules/share/meta.js';
import { loadRoutePreloads, preloadLinksFor, withPreloads } from './route-preloads.js';

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

  async function pageFor(url: string, html: string): Promise<string> {
    if (!opts.pageMeta) return html;
    try {
      const meta = await opts.pageMeta(url);
      return meta ? renderIndex(html, meta) : html;
    } catch (error) {
      app.log.warn({ err: error, url }, 'link preview lookup failed; serving the plain page');
      return html;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          withPreloads(
            await pageFor(request.url, indexHtml),
            preloads ? preloadLinksFor(preloads, request.url) : '',
          ),
        );
    }
    return reply.status(404).send({
      success: false,
      message: MESSAGES.routeNotFound,
      error: { code: 'not_found' },
    });
  });
});
