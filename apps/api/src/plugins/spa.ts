import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Encoded, type Encoding, encode, preferredEncoding } from '../lib/compress.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { type PageMetaResolver, renderIndex } from '../modules/share/meta.js';
import type { ResponseCache } from './response-cache.js';
import { loadRoutePreloads, preloadLinksFor, withPreloads } from './route-preloads.js';
import { createPageRenderer, hasSignedInHint, withRenderedPage } from './server-render.js';
import type { SharedCachePolicy } from './shared-cache.js';

interface SpaOptions {
  staticDir?: string;
  /** Link-preview tags for the pages that have them (story and profile pages). */
  pageMeta?: PageMetaResolver;
  /** The visitors' micro-cache: rendered pages are kept as long, and dropped with it. */
  responseCache?: ResponseCache;
  /** Renders give way to the shell while the event loop is this late (0: never). */
  renderShedDelayMs?: number;
  /** How long a CDN may keep a visitor's rendered page (plugins/shared-cache.ts). */
  sharedCache?: SharedCachePolicy;
}

/** A page as built: its status and HTML, and whether it was rendered on the server. */
interface Page {
  status: number;
  html: string;
  rendered: boolean;
}

/** A page as sent, in one encoding: what the rendered-page cache keeps. */
interface SentPage {
  status: number;
  rendered: boolean;
  body: Encoded;
}

/**
 * What the kept rendered pages may weigh together, as sent (compressed for almost every
 * browser). A story page is 5–15 KB of brotli: a few thousand pages.
 */
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;

const sentBytes = (page: SentPage) =>
  typeof page.body.body === 'string' ? Buffer.byteLength(page.body.body) : page.body.body.length;

async function sent(page: Page, encoding: Encoding | undefined): Promise<SentPage> {
  return { status: page.status, rendered: page.rendered, body: await encode(page.html, encoding) };
}

/**
 * Checked with the server on every use: the service worker (a new build must reach browsers at
 * once; its shell's files change with it) and the manifest that names it.
 */
const NO_CACHE = /[\\/](sw\.js|manifest\.webmanifest)$/;

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
            : NO_CACHE.test(path)
              ? 'no-cache'
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
    return { status, html: await withMeta(request.url, html), rendered };
  }

  // Visitors' rendered pages, kept as sent per encoding as long as the API's visitor answers
  // they are built from (decision 013) and dropped with them on every write; concurrent
  // requests share a render. Bounded by their bytes: pages differ in size tenfold.
  const pages = opts.responseCache
    ? new TtlCache<SentPage>({
        ttlMs: opts.responseCache.ttlMs,
        maxBytes: PAGE_CACHE_BYTES,
        sizeOf: sentBytes,
        keep: (page) => page.rendered,
      })
    : null;
  if (pages) opts.responseCache?.onClear(() => pages.clear());

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && isPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      const visitor = renderer?.wants(request) ?? false;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      let hit = true;
      const page =
        visitor && pages
          ? await pages.get(`${encoding ?? 'identity'} ${request.url}`, async () => {
              hit = false;
              return sent(await buildPage(request, indexHtml, visitor), encoding);
            })
          : await sent(await buildPage(request, indexHtml, visitor), encoding);
      const { body } = page;
      if (body.encoding) reply.header('content-encoding', body.encoding);
      if (visitor && pages) reply.header('x-cache', hit ? 'hit' : 'miss');
      // A visitor's rendered page may be kept briefly by a CDN (decision 036); the shell is
      // asked for again each time, and a signed-in reader's is never shared.
      const cacheControl = hasSignedInHint(request)
        ? 'private, no-cache'
        : ((page.rendered ? opts.sharedCache?.forVisitor(page.status) : null) ?? 'no-cache');
      return (
        reply
          .status(page.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', cacheControl)
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
