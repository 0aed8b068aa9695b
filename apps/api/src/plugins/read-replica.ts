import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';

/**
 * Sends visitors' public reads to the read replica (DATABASE_READ_URL;
 * docs/decisions/037-shared-state-and-read-replicas.md): the handler of a route whose answers
 * visitors share (`config: { visitorCache: 'keep' }`: lists, a story and its chapters, search,
 * profiles, comment threads) runs on the replica when no one is signed in. A visitor has no
 * write of their own to miss, so a replica a moment behind shows them what the visitors' cache
 * would; a signed-in caller's every read stays on the primary, so they always see their own
 * writes. Authentication (the preHandlers) and every write run on the primary.
 * Registered before the routes; does nothing without a replica.
 */
export const readReplica = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const { onReplica } = opts.db;
  if (!onReplica) return;
  app.addHook('onRoute', (route) => {
    if (route.config?.visitorCache !== 'keep') return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function onReplicaForVisitors(request, reply) {
      if (request.user !== null) return handler.call(this, request, reply);
      return onReplica(() => handler.call(this, request, reply));
    };
  });
});
