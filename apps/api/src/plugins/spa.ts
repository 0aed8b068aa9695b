import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Encoded, encode, preferredEncoding } from '../lib/compress.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { type PageMetaResolver, renderIndex } from '../modules/share/meta.js';
import type { ResponseCache } from './response-cache.js';
import { loadRoutePreloads, preloadLinksFor, withPreloads } from './route-preloads.js';
import { createPageRenderer, withRenderedPage } from './server-render.js';

interface SpaOptions {
  staticDir?: string;
  /** Link-preview tags for the pages that have them (story and profile pages). */
  pageMeta?: PageMetaResolver;
  /** The visitors' micro-cache: rendered pages are kept as long, and dropped with it. */
  responseCache?: ResponseCache;
  /** Renders give way to the shell while the event loop is this late (0: never). */
  renderShedDelayMs?: number;
}

/** A page as sent: its status, its HTML and, made on first use, its compressed copies. */
interface Page {
  status: number;
  html: string;
  rendered: boolean;
  encoded: Map<string, Promise<Encoded>>;
}

/** Rendered pages kept at once (about 15 KB compressed and 100 KB of HTML each). */
const PAGES_KEPT = 64;

/** The page's body for the client's Accept-Encoding, compressed once per encoding. */
function encodedPage(page: Page, acceptEncoding: string | undefined): Promise<Encoded> {
  const encoding = preferredEncoding(acceptEncoding);
  const key = encoding ?? 'identity';
  let body = page.encoded.get(key);
  if (!body) {
    body = encode(page.html, encoding);
    page.encoded.set(key, body);
  }
  return body;
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
  const renderer = opts.staticDir
    ? createPageRenderer(app, opts.staticDir, {
        ...(opts.responseCache ? { responseCache: opts.responseCache } : {}),
        shedDelayMs: opts.renderShedDelayMs ?? 0,
      })
    : null;
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

  /**
   * index.html for a URL, with preloads and preview; rendered on the server when `visitor` (the
   * renderer wants the request) and the render succeeds.
   */
  async function buildPage(
    request: FastifyRequest,
    shell: string,
    visitor: boolean,
  ): Promise<Page> {
    const withLinks = withPreloads(shell, preloads ? preloadLinksFor(preloads, request.url) : '');
    let status = 200;
    let html = withLinks;
    let rendered = false;
    if (renderer && visitor) {
      try {
        const page = await renderer.render(request);
        if (page.kind === 'page') {
          status = page.status;
          html = withRenderedPage(withLinks, page);
          rendered = true;
        } else {
          request.log.debug({ reason: page.reason }, 'page not server-rendered');
        }
      } catch (error) {
        request.log.warn({ err: error }, 'server rendering failed; serving the app shell');
      }
    }
    return { status, html: await withMeta(request.url, html), rendered, encoded: new Map() };
  }

  // Visitors' rendered pages, kept as long as the API's visitor answers they are built from
  // (decision 013) and dropped with them on every write; concurrent requests share a render.
  const pages = opts.responseCache
    ? new TtlCache<Page>(opts.responseCache.ttlMs, PAGES_KEPT, Date.now, (page) => page.rendered)
    : null;
  if (pages) opts.responseCache?.onClear(() => pages.clear());

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      const visitor = renderer?.wants(request) ?? false;
      let hit = true;
      const page =
        visitor && pages
          ? await pages.get(request.url, () => {
              hit = false;
              return buildPage(request, indexHtml, visitor);
            })
          : await buildPage(request, indexHtml, visitor);
      const body = await encodedPage(page, request.headers['accept-encoding']);
      if (body.encoding) reply.header('content-encoding', body.encoding);
      if (visitor && pages) reply.header('x-cache', hit ? 'hit' : 'miss');
      return (
        reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Visitors get the rendered page, signed-in readers the shell (the hint cookie).
          .header('vary', 'accept-encoding, cookie')
          .header('x-server-rendered', page.rendered ? 'true' : 'false')
          .send(body.body)
      );
    }
    return reply.status(404).send({
      success: false,
      message: MESSAGES.routeNotFound,
      error: { code: 'not_found' },
    });
  });
});
