import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A micro-cache of the public reads every visitor gets alike (docs/decisions/013-response-cache.md):
 * the serialized answer to a visitor's GET of a story list, a story, its chapters, a search or a
 * profile is kept for `ttlMs` and served as is to the next visitor asking for the same URL.
 *
 * - Each answer is kept for a random 80–100 % of `ttlMs`: answers built together (a burst of
 *   first visits) then expire apart, instead of all missing at once and being rebuilt together
 *   while every connection waits behind them.
 * - Only requests without credentials are served from or stored in it; signed-in answers carry
 *   the reader's own likes, saves and progress, and are never kept.
 * - Only 200 answers are kept, so a story that is private or gone is never served from here.
 * - A route says in its own options whether its answers are kept: `config: { visitorCache }`
 *   (see `VisitorCachePolicy`), read through `routeOptions`, so renaming a path cannot drop it.
 * - Every successful write on this node empties it at once (before its answer is sent), except
 *   the writes that only move counters (reads, likes, saves, follows): counts a visitor sees may
 *   lag by up to `ttlMs`. With REDIS_URL, each clear is published and every other process
 *   empties its cache when it hears it (within milliseconds); without it, writes committed by
 *   another process show within `ttlMs`.
 * - A read that was running when a write emptied the cache does not store its answer.
 * - Hits are answered in front of Fastify, by the HTTP server's own request listener
 *   (`cachingServer`), with the bytes and headers the first answer was sent with: a hit costs
 *   about what a bare node:http server does. `app.inject` never sees hits.
 */
export interface ResponseCacheOptions {
  /** How long an answer is kept; 0 or less keeps nothing. */
  ttlMs: number;
  /** Answers above this size are not kept. */
  maxEntryBytes?: number;
  /** All kept answers together stay under this size (oldest go first). */
  maxTotalBytes?: number;
  /** The request id of a hit (the app's own rule, so hits and misses are traced alike). */
  requestId: (req: IncomingMessage) => string;
  /**
   * Headers that depend on how a request came rather than on the answer (HSTS on HTTPS only):
   * never kept, added to each hit as name, value, …
   */
  transportHeaders?: (req: IncomingMessage) => string[];
  now?: () => number;
  /** A number in [0, 1), for the spread of expiry times (tests pass a fixed one). */
  random?: () => number;
}

/** The share of `ttlMs` by which an answer's lifetime may be shortened at random. */
const EXPIRY_SPREAD = 0.2;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Set per answer (or per connection), never replayed from an entry. */
const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'x-request-id',
  'x-cache',
  'date',
  'strict-transport-security',
]);

export interface Entry {
  body: Buffer;
  /** Name, value, name, value… as `writeHead` takes them, ending with content-length. */
  headers: string[];
  expires: number;
}

/** The end-to-end headers of an answer about to be sent, minus the per-answer ones. */
function keptHeaders(reply: FastifyReply, bodyBytes: number): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
  }
  flat.push('content-length', String(bodyBytes));
  return flat;
}

export class ResponseCache {
  readonly ttlMs: number;
  private readonly maxEntryBytes: number;
  private readonly maxTotalBytes: number;
  private readonly requestId: (req: IncomingMessage) => string;
  private readonly transportHeaders: (req: IncomingMessage) => string[];
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  /** Bumped by every clear: reads that started before it do not store their answers. */
  generation = 0;
  /** Set when the app starts closing: every request then goes to Fastify (which answers 503). */
  closing = false;
  /** Caches that hold what was built from the same data (the rendered pages) and go with it. */
  private readonly dependents: (() => void)[] = [];
  /** Tell the other processes of a clear made here. */
  private readonly tellers: (() => void)[] = [];

  constructor(options: ResponseCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntryBytes = options.maxEntryBytes ?? 256 * 1024;
    this.maxTotalBytes = options.maxTotalBytes ?? 8 * 1024 * 1024;
    this.requestId = options.requestId;
    this.transportHeaders = options.transportHeaders ?? (() => []);
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /**
   * Answers `req` from the cache when it may (a visitor's GET without a body, a fresh entry for
   * its exact URL); false when the request must go on to the app.
   */
  serve(req: IncomingMessage, res: Parameters<RequestListener>[1]): boolean {
    if (this.closing || req.method !== 'GET' || req.url === undefined) return false;
    const { headers } = req;
    if (
      headers.authorization !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0')
    ) {
      return false;
    }
    const entry = this.lookup(req.url);
    if (!entry) return false;
    res.writeHead(200, [
      ...entry.headers,
      ...this.transportHeaders(req),
      'x-cache',
      'hit',
      'x-request-id',
      this.requestId(req),
    ]);
    res.end(entry.body);
    return true;
  }

  /**
   * The fresh answer kept for a visitor's GET of `url` (the server renderer's calls look here
   * first: `inject` does not pass through `serve`).
   */
  lookup(url: string): Readonly<Entry> | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.forget(url);
      return undefined;
    }
    return entry;
  }

  /** Keeps a 200 answer for `url` unless it is too big or a clear happened since `started`. */
  keep(url: string, started: number, payload: string, reply: FastifyReply): void {
    if (started !== this.generation) return;
    const body = Buffer.from(payload);
    if (body.length > this.maxEntryBytes) return;
    this.forget(url);
    this.entries.set(url, {
      body,
      headers: keptHeaders(reply, body.length),
      expires: this.now() + this.ttlMs * (1 - EXPIRY_SPREAD * this.random()),
    });
    this.totalBytes += body.length;
    for (const key of this.entries.keys()) {
      if (this.totalBytes <= this.maxTotalBytes) break;
      this.forget(key);
    }
  }

  /**
   * Empties the cache (and its dependents). A write in this process also tells the other
   * processes (`onWrite`); `elsewhere` is a clear another process told of, not told on again.
   */
  clear(elsewhere = false): void {
    this.generation += 1;
    this.entries.clear();
    this.totalBytes = 0;
    for (const clearDependent of this.dependents) clearDependent();
    if (!elsewhere) for (const tell of this.tellers) tell();
  }

  /** Runs `tell` after each clear this process made itself (REDIS_URL: decision 037). */
  onWrite(tell: () => void): void {
    this.tellers.push(tell);
  }

  /** Runs `clear` whenever this cache is emptied by a write. */
  onClear(clear: () => void): void {
    this.dependents.push(clear);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.body.length;
    this.entries.delete(key);
  }
}

/** Fastify's own HTTP/1 server settings, which it applies only to servers it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * A Fastify `serverFactory`: an HTTP server whose request listener answers cache hits itself
 * and hands everything else to Fastify.
 */
export function cachingServer(cache: ResponseCache) {
  return (handler: RequestListener): Server => {
    const server = createServer((req, res) => {
      if (!cache.serve(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    return server;
  };
}

/**
 * How the visitors' cache treats a route, declared in the route's `config`:
 * - `'keep'`: a public read every visitor gets alike; a visitor's 200 answer is kept.
 * - `'counters'`: a write that only moves counters; kept answers stay (counts lag by ttlMs).
 * Unset, a read is never kept and a successful write empties the cache.
 */
export type VisitorCachePolicy = 'keep' | 'counters';

declare module 'fastify' {
  interface FastifyContextConfig {
    visitorCache?: VisitorCachePolicy;
  }
  interface FastifyRequest {
    /** The cache generation a cacheable read started in; undefined when not cacheable. */
    responseCacheGeneration?: number;
  }
}

/** Stores visitors' answers to the routes marked 'keep' and empties the cache on writes. */
export const responseCache = fp(async (app: FastifyInstance, opts: { cache: ResponseCache }) => {
  const { cache } = opts;

  app.addHook('preClose', async () => {
    cache.closing = true;
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (
      request.method === 'GET' &&
      request.headers.authorization === undefined &&
      request.routeOptions.config.visitorCache === 'keep'
    ) {
      request.responseCacheGeneration = cache.generation;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!READ_METHODS.has(request.method)) {
      const countersOnly = request.routeOptions.config.visitorCache === 'counters';
      if (reply.statusCode < 400 && !countersOnly) cache.clear();
      return payload;
    }
    const started = request.responseCacheGeneration;
    if (started === undefined) return payload;
    reply.header('x-cache', 'miss');
    if (reply.statusCode === 200 && typeof payload === 'string') {
      cache.keep(request.url, started, payload, reply);
    }
    return payload;
  });
});
