import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LIMITS } from '@storyloom/shared';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type onRouteHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDb, type Db } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { errorHandler } from './lib/error-handler.js';
import { createForeground, type Foreground } from './lib/foreground.js';
import { serializeRequest } from './lib/log-redact.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { rateLimiting } from './lib/rate-limit.js';
import { createSerializerCompiler } from './lib/serializer.js';
import { createSharedState, type SharedState } from './lib/shared-state.js';
import { validatorCompiler } from './lib/validation.js';
import { authRoutes } from './modules/auth/routes.js';
import { chapterRoutes } from './modules/chapters/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { discoveryRoutes } from './modules/discovery/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { listRoutes } from './modules/lists/routes.js';
import { registerMedia } from './modules/media/static.js';
import { moderationRoutes } from './modules/moderation/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { readingRoutes } from './modules/reading/routes.js';
import { revisionRoutes } from './modules/revisions/routes.js';
import { safetyRoutes } from './modules/safety/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { seriesRoutes } from './modules/series/routes.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { socialRoutes } from './modules/social/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { storyRoutes } from './modules/stories/routes.js';
import { crawlerRoutes, takeAlongRoutes } from './modules/take-along/routes.js';
import { trashRoutes } from './modules/trash/routes.js';
import { profileRoutes } from './modules/users/profile-routes.js';
import { meRoutes } from './modules/users/routes.js';
import { openapi } from './plugins/openapi.js';
import { readReplica } from './plugins/read-replica.js';
import { cachingServer, ResponseCache, responseCache } from './plugins/response-cache.js';
import { HSTS, isHttps, security } from './plugins/security.js';
import { sharedCache, sharedCachePolicy } from './plugins/shared-cache.js';
import { spa } from './plugins/spa.js';
import { createServices } from './services.js';

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise opened from the config. */
  db?: Db;
  /** Logger on/off; tests turn it off. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Replaces the delivery of mail, outbox or SMTP (tests capture messages). */
  mailer?: Mailer;
  /** Sees every route as it is registered (the security tests build the route table from it). */
  onRoute?: onRouteHookHandler;
  /** Redis shared with other processes, already open (tests); otherwise from REDIS_URL. */
  shared?: SharedState;
}

/** How long start-up waits for Redis before going on without it (it joins when it can). */
const REDIS_START_WAIT_MS = 3_000;
/** The channel every write's emptying of the visitors' cache goes out on. */
const CACHE_CHANNEL = 'cache';

/** How long closing waits for requests in flight before it closes the database anyway. */
const DRAIN_MS = 5_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answer stays open (a live stream): background work does not wait for it. */
    longLived?: boolean;
  }
}

/**
 * Counts the app's requests in `requests` from their start until their response closes
 * (answered or abandoned); with `except`, leaves out the routes it names.
 */
function countRequests(
  app: FastifyInstance,
  requests: Foreground,
  except?: (config: FastifyContextConfig) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (except?.(request.routeOptions.config)) return;
    reply.raw.once('close', requests.enter());
  });
}

/**
 * Runs `close` when the app closes, once the requests in flight have been answered: onClose
 * hooks may otherwise run while a request still awaits the database.
 */
export function closeAfterRequests(app: FastifyInstance, close: () => Promise<void>): void {
  const requests = createForeground();
  countRequests(app, requests);
  app.addHook('onClose', async () => {
    await requests.lull(DRAIN_MS);
    await close();
  });
}

/** A caller's own request id when it is a sane one, else a new one. */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Builds the Fastify instance from a config: database, migrations, plugins and routes. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const db =
    options.db ??
    createDb(
      config.database.kind === 'postgres' && config.databaseReadUrl
        ? { ...config.database, readUrl: config.databaseReadUrl }
        : config.database,
    );
  const ownsDb = !options.db;
  await db.ping();
  await migrateToLatest(db);

  const cache =
    config.responseCacheMs > 0
      ? new ResponseCache({
          ttlMs: config.responseCacheMs,
          requestId,
          transportHeaders: (req) =>
            isHttps(req, config.trustProxy) ? [HSTS.name, HSTS.value] : [],
        })
      : undefined;
  const app = Fastify({
    // Visitors' cache hits are answered before Fastify (docs/decisions/013-response-cache.md).
    ...(cache ? { serverFactory: cachingServer(cache) } : {}),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: requestId,
    bodyLimit: LIMITS.requestBodyMaxBytes,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    // A malformed or overlong URL gets the envelope too, not Fastify's own body.
    frameworkErrors: errorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checked: config.env !== 'production' }));
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  const mailer = options.mailer ?? createMailer(config, app.log);
  // Redis, when configured: counters, cache emptying and notification wake-ups shared by every
  // process (docs/decisions/037-shared-state-and-read-replicas.md).
  const shared =
    options.shared ?? (config.redis ? createSharedState(config.redis, app.log) : undefined);
  if (shared && !options.shared && !(await shared.ready(REDIS_START_WAIT_MS))) {
    app.log.warn('redis not reachable at start: going on without it until it is');
  }
  if (shared && cache) {
    cache.onWrite(() => shared.publish(CACHE_CHANNEL, ''));
    shared.subscribe(CACHE_CHANNEL, () => cache.clear(true));
    // Clears published while the subscription was down were missed: clear once now.
    shared.onResubscribed(() => cache.clear(true));
  }
  const services = createServices({
    config,
    db,
    mailer,
    log: app.log,
    onPublicChange: () => cache?.clear(),
    shared,
  });
  // Background jobs run while the app is up; the worker stops before the database closes.
  app.addHook('onReady', async () => {
    services.jobs.start();
    services.schedules.start();
  });
  // Background batches go between requests (lib/foreground.ts); live streams do not count.
  countRequests(app, services.foreground, (route) => route.longLived === true);
  closeAfterRequests(app, async () => {
    services.schedules.stop();
    await services.jobs.stop();
    if (ownsDb) await db.close();
    if (shared && !options.shared) await shared.close();
  });
  await app.register(security, {
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  // Before the micro-cache, whose kept answers are replayed with the same header.
  const sharedCachePolicyOfConfig = sharedCachePolicy(config.responseCacheMs);
  await app.register(sharedCache, { policy: sharedCachePolicyOfConfig });
  if (cache) await app.register(responseCache, { cache });
  await app.register(rateLimiting, {
    ...(shared ? { redis: { client: shared.redis, prefix: shared.prefix } } : {}),
  });
  await app.register(readReplica, { db });
  await app.register(openapi);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, services);
      await api.register(authRoutes, { ...services, prefix: '/auth' });
      await api.register(meRoutes, services);
      await api.register(sessionRoutes, services);
      await api.register(storyRoutes, services);
      await api.register(statsRoutes, services);
      await api.register(chapterRoutes, services);
      await api.register(trashRoutes, services);
      await api.register(revisionRoutes, services);
      await api.register(seriesRoutes, services);
      await api.register(listRoutes, services);
      await api.register(socialRoutes, services);
      await api.register(safetyRoutes, services);
      await api.register(commentRoutes, services);
      await api.register(notificationRoutes, services);
      await api.register(profileRoutes, services);
      await api.register(readingRoutes, services);
      await api.register(discoveryRoutes, services);
      await api.register(searchRoutes, services);
      await api.register(contactRoutes, services);
      await api.register(moderationRoutes, services);
      await api.register(takeAlongRoutes, services);
    },
    { prefix: '/api' },
  );
  await app.register(crawlerRoutes, services);
  await registerMedia(app, services.media, config.mediaDir);
  await app.register(spa, {
    staticDir: config.staticDir,
    pageMeta: services.pageMeta,
    renderShedDelayMs: config.renderShedDelayMs,
    sharedCache: sharedCachePolicyOfConfig,
    ...(cache ? { responseCache: cache } : {}),
  });
  return app;
}
