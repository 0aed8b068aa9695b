import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A micro-cache of the public reads every visitor gets alike (docs/decisions/013-response-cache.md):
 * the serialized answer to a visitor's GET of a story list, a story, its chapters, a search or a
 * profile is kept for `ttlMs` and served as is to the next visitor asking for the same URL.
 *
 * - Only requests without credentials are served from or stored in it; signed-in answers carry
 *   the reader's own likes, saves and progress, and are never kept.
 * - Only 200 answers are kept, so a story that is private or gone is never served from here.
 * - Every successful write on this node empties it at once (before its answer is sent), except
 *   the writes that only move counters (reads, likes, saves, follows): counts a visitor sees may
 *   lag by up to `ttlMs`, as may writes committed by another node.
 * - A read that was running when a write emptied the cache does not store its answer.
 */
export interface ResponseCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  /** Answers above this size are not kept. */
  maxEntryBytes?: number;
  /** All kept answers together stay under this size (oldest go first). */
  maxTotalBytes?: number;
}

/** The visitor reads kept (routes as registered, under /api). */
const CACHED_ROUTES = new Set([
  '/api/stories',
  '/api/stories/search',
  '/api/stories/:id',
  '/api/stories/:id/similar',
  '/api/chapters/by-story/:id',
  '/api/chapters/:id',
  '/api/users/:username',
  '/api/users/:username/stories',
]);

/** Writes that only change counters: they leave the cache alone (counts lag by at most ttlMs). */
const COUNTER_WRITES = new Set([
  'POST /api/chapters/:id/progress',
  'POST /api/stories/:id/like',
  'DELETE /api/stories/:id/like',
  'POST /api/library/:storyId',
  'DELETE /api/library/:storyId',
  'POST /api/users/:username/follow',
  'POST /api/users/:username/unfollow',
]);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Entry {
  body: string;
  contentType: string;
  expires: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache generation a cacheable read started in; undefined when not cacheable. */
    responseCacheGeneration?: number;
  }
}

export const responseCache = fp(async (app: FastifyInstance, options: ResponseCacheOptions) => {
  const { ttlMs } = options;
  if (ttlMs <= 0) return;
  const maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 8 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let generation = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    entries.delete(key);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    totalBytes = 0;
  };

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' &&
    request.headers.authorization === undefined &&
    CACHED_ROUTES.has(request.routeOptions.url ?? '');

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!cacheable(request)) return;
    const entry = entries.get(request.url);
    if (entry && entry.expires > Date.now()) {
      reply.header('content-type', entry.contentType).header('x-cache', 'hit');
      return reply.send(entry.body);
    }
    if (entry) forget(request.url);
    request.responseCacheGeneration = generation;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!READ_METHODS.has(request.method)) {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (reply.statusCode < 400 && !COUNTER_WRITES.has(route)) clear();
      return payload;
    }
    const started = request.responseCacheGeneration;
    if (started === undefined) return payload;
    reply.header('x-cache', 'miss');
    if (
      started === generation &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      payload.length <= maxEntryBytes
    ) {
      forget(request.url);
      entries.set(request.url, {
        body: payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        expires: Date.now() + ttlMs,
      });
      totalBytes += payload.length;
      for (const key of entries.keys()) {
        if (totalBytes <= maxTotalBytes) break;
        forget(key);
      }
    }
    return payload;
  });
});
