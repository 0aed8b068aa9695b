import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other
 * non-API GET so the client router can answer (its 404 page included). Unknown /api paths get
 * the 404 envelope, never the SPA.
 */
export const spa = fp(async (app: FastifyInstance, opts: { staticDir?: string }) => {
  const indexHtml = opts.staticDir
    ? readFileSync(join(opts.staticDir, 'index.html'), 'utf8')
    : null;
  if (opts.staticDir) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      wildcard: false,
      index: false,
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
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply.status(404).send({
      success: false,
      message: MESSAGES.routeNotFound,
      error: { code: 'not_found' },
    });
  });
});
