import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from './errors.js';

/** Rate limiting is opt-in per route; a limited request gets the 429 envelope with Retry-After. */
export const rateLimiting = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
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
