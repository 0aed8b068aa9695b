import { healthResponse } from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { serviceUnavailable } from '../../lib/errors.js';
import type { Services } from '../../services.js';

export const healthRoutes: FastifyPluginAsyncZod<Services> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse },
      },
    },
    async () => {
      try {
        await db.ping();
      } catch {
        throw serviceUnavailable();
      }
      return ok({ status: 'ok' as const });
    },
  );
};
