import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `Cache-Control` for shared caches (a CDN or a caching proxy in front of the app), decision 036:
 *
 * - A visitor's read of a public route (`config: { visitorCache: 'keep' }`, the answers the
 *   app's own micro-cache keeps, plugins/response-cache.ts) and a visitor's server-rendered page
 *   may be kept briefly: `public, max-age=0, s-maxage=N, stale-while-revalidate=M`. Browsers
 *   ask again each time (max-age=0); the shared cache answers for N seconds and for M more while
 *   it fetches a fresh copy. N is RESPONSE_CACHE_MS in whole seconds (rounded up): a shared
 *   cache lags no more than the app's own cache does, plus M.
 * - A 404 of such a read (a story that is private, hidden, in the trash or gone) is kept for N
 *   only, without the stale window, so a story made public shows within N seconds.
 * - Everything else under /api — signed-in requests (an Authorization header), reads that are
 *   not public, errors, every write — is `private, no-store`, unless the route set its own.
 * - Public answers say `Vary: Authorization`: a shared cache must never answer a signed-in
 *   request with a visitor's copy, whose likes, saves and progress are not theirs.
 *
 * With RESPONSE_CACHE_MS=0 (development, tests) N is 0: visitors' answers say `no-cache` and
 * nothing is shared.
 */
export interface SharedCachePolicy {
  /** Seconds a shared cache may answer for (s-maxage); 0 keeps nothing. */
  readonly maxAgeSeconds: number;
  /** Seconds a shared cache may answer with a stale copy while it revalidates. */
  readonly staleSeconds: number;
  /** The Cache-Control of a visitor's public answer with `status`, or null when it is not shared. */
  forVisitor(status: number): string | null;
}

/** The stale window, in multiples of s-maxage and at most a minute. */
const STALE_FACTOR = 6;
const MAX_STALE_SECONDS = 60;

export const PRIVATE_NO_STORE = 'private, no-store';

export function sharedCachePolicy(responseCacheMs: number): SharedCachePolicy {
  const maxAgeSeconds = Math.max(0, Math.ceil(responseCacheMs / 1000));
  const staleSeconds = Math.min(maxAgeSeconds * STALE_FACTOR, MAX_STALE_SECONDS);
  return {
    maxAgeSeconds,
    staleSeconds,
    forVisitor(status) {
      if (maxAgeSeconds === 0) return null;
      if (status === 200) {
        return `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`;
      }
      if (status === 404) return `public, max-age=0, s-maxage=${maxAgeSeconds}`;
      return null;
    },
  };
}

/** `existing` Vary with `name` added (once). */
export function withVary(existing: unknown, name: string): string {
  const names = String(existing ?? '')
    .split(',')
    .map((one) => one.trim())
    .filter(Boolean);
  if (!names.some((one) => one.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/** A visitor's GET (or HEAD) of a route whose answers every visitor gets alike. */
export const isPublicRead = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  request.headers.authorization === undefined &&
  request.routeOptions.config.visitorCache === 'keep';

function apiCacheControl(policy: SharedCachePolicy, request: FastifyRequest, reply: FastifyReply) {
  if (!isPublicRead(request)) return PRIVATE_NO_STORE;
  const shared = policy.forVisitor(reply.statusCode);
  if (shared) {
    reply.header('vary', withVary(reply.getHeader('vary'), 'authorization'));
    return shared;
  }
  return reply.statusCode < 400 ? 'no-cache' : PRIVATE_NO_STORE;
}

/**
 * Sets Cache-Control on every /api answer that has none yet. Registered before the visitors'
 * micro-cache, so the answers it keeps are replayed with the same header.
 */
export const sharedCache = fp(async (app: FastifyInstance, opts: { policy: SharedCachePolicy }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const api = request.url === '/api' || request.url.startsWith('/api/');
    if (api && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', apiCacheControl(opts.policy, request, reply));
    }
    return payload;
  });
});
