import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/** A counter store as @fastify/rate-limit uses it (its stores are callback-style). */
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

// The plugin's own stores (it exports only the plugin): counters in Redis, or in this process.
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * Counts in Redis, shared by every process; while Redis cannot answer, counts in this process
 * (decision 037): a limit then holds per process, never failing a request and never letting
 * everything through.
 */
class SharedStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (error, result) =>
        error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result),
      timeWindow,
      max,
    );
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.read(
      key,
      (error, result) =>
        error ? this.local.read(key, callback, timeWindow, max) : callback(null, result),
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new SharedStore(this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

export interface RateLimitingOptions {
  /** Counters shared by every process (REDIS_URL); without it each process counts alone. */
  redis?: { client: Redis; prefix: string };
}

/** The store class the plugin builds: Redis under `prefix`, this process's memory behind it. */
function sharedStoreClass(client: Redis, prefix: string): FastifyRateLimitStoreCtor {
  return class extends SharedStore {
    constructor() {
      super(new RedisStore(false, false, client, `${prefix}rl:`), new LocalStore(false, false));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Rate limiting is opt-in per route; a limited request gets the 429 envelope with Retry-After. */
export const rateLimiting = fp(async (app: FastifyInstance, options: RateLimitingOptions) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    ...(options.redis
      ? { store: sharedStoreClass(options.redis.client, options.redis.prefix) }
      : {}),
  });
});

export interface Limit {
  /** Namespace of the counter, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; the client's address by default (or when this returns null). */
  key?: (request: FastifyRequest) => string | null;
}

/**
 * A preHandler that enforces `limit`, scaled by RATE_LIMIT_FACTOR. Several can guard one route
 * (per address and per account): each counts under its own name.
 */
export function limit(
  app: FastifyInstance,
  factor: number,
  spec: Limit,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: Math.round(spec.max * factor),
    timeWindow: spec.windowMs,
    keyGenerator: (request) => `${spec.name}:${spec.key?.(request) ?? request.ip}`,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttl / 1000);
  };
}

/** Keys a limit by the account an auth request names (its email), so one account can't be brute-forced from many addresses. */
export const byEmailField =
  (field: string) =>
  (request: FastifyRequest): string | null => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : null;
  };

/** Keys a limit by the signed-in caller (a visitor falls back to the client's address). */
export const byUser = (request: { user: { id: string } | null }): string | null =>
  request.user?.id ?? null;
