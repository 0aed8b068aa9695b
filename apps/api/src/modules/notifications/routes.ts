import type { ServerResponse } from 'node:http';
import {
  envelope,
  markReadBody,
  NOTIFICATION_MESSAGES,
  notification,
  notificationListQuery,
  paged,
  UNSUBSCRIBE_MESSAGES,
  unreadCount,
  unsubscribeQuery,
  unsubscribeState,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { MINUTE, SECOND } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { readUnsubscribeToken } from './unsubscribe.js';

const errors = errorResponses(400, 401, 429);

/** Streams one account may hold open at once (a tab each). */
const STREAMS_PER_USER = 10;
/** Sent at most this many to a page of the stream before the next read. */
const STREAM_BATCH = 50;
/** How long a client waits before reconnecting (the `retry:` field). */
const RETRY_MS = 3 * SECOND;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25 * SECOND;

/**
 * Notifications (issue 20, docs/api.md Notifications): the list, the unread count, marking read,
 * and the live stream (`text/event-stream`) that resumes after `Last-Event-ID`.
 */
export const notificationRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, notifications, notificationBus: bus, config, settings, users } = services;
  const readLimit = limit(app, config.rateLimitFactor, {
    name: 'notifications:user',
    max: 300,
    windowMs: MINUTE,
    key: byUser,
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, the latest change first; unread=true for unread ones',
        security: bearer,
        querystring: notificationListQuery,
        response: { 200: envelope(paged(notification)), ...errors },
      },
      preHandler: [authenticate.required, readLimit],
    },
    async (request) => ok(await notifications.list(request.user!, request.query)),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread (counted up to 999)',
        security: bearer,
        response: { 200: envelope(unreadCount), ...errors },
      },
      preHandler: [authenticate.required, readLimit],
    },
    async (request) => ok(await notifications.unreadCount(request.user!)),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks the given notifications read, or all of them; answers the unread count',
        security: bearer,
        body: markReadBody.optional(),
        response: { 200: envelope(unreadCount), ...errors },
      },
      preHandler: [authenticate.required, readLimit],
    },
    async (request) => {
      const ids = request.body?.ids;
      const result = await notifications.markRead(request.user!, ids);
      return ok(
        result,
        ids === undefined ? NOTIFICATION_MESSAGES.allRead : NOTIFICATION_MESSAGES.marked,
      );
    },
  );

  // RFC 8058: a mail client unsubscribes with a POST of the form `List-Unsubscribe=One-Click`.
  // Its content says nothing the link does not; it is read only so it is not refused.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  const unsubscribeLimit = limit(app, config.rateLimitFactor, {
    name: 'notifications:unsubscribe:ip',
    max: 30,
    windowMs: MINUTE,
  });
  /** The account and switch an unsubscribe link names, or a 400 that changes nothing. */
  const linked = async (token: string) => {
    const found = readUnsubscribeToken(config.jwtSecret, token);
    const user = found && (await users.findByNameOrId(found.userId).catch(() => undefined));
    if (!found || !user) throw badRequest(UNSUBSCRIBE_MESSAGES.invalidLink);
    return { user, which: found.which };
  };

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'What an email’s unsubscribe link would turn off, and whether it is on',
        querystring: unsubscribeQuery,
        response: { 200: envelope(unsubscribeState), ...errorResponses(400, 429) },
      },
      preHandler: [unsubscribeLimit],
    },
    async (request) => {
      const { user, which } = await linked(request.query.token);
      const current = await settings.get(user.id);
      return ok({ username: user.username, switch: which, subscribed: current[which] });
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'One-click unsubscribe (RFC 8058): turns off the switch the link names; no sign-in needed',
        querystring: unsubscribeQuery,
        response: { 200: envelope(unsubscribeState), ...errorResponses(400, 429) },
      },
      preHandler: [unsubscribeLimit],
    },
    async (request) => {
      const { user, which } = await linked(request.query.token);
      await settings.update(user.id, { [which]: false });
      return ok(
        { username: user.username, switch: which, subscribed: false },
        UNSUBSCRIBE_MESSAGES.unsubscribed,
      );
    },
  );

  const open = new Map<string, Set<ServerResponse>>();
  // Open streams would hold the server's close until they end: end them first.
  app.addHook('preClose', async () => {
    for (const streams of open.values()) for (const stream of streams) stream.end();
  });

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Live notifications (text/event-stream): `count` first, then each `notification` with its id; send Last-Event-ID to resume',
        security: bearer,
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,15}$/)
            .optional()
            .describe('The id of the last event received: the stream resumes after it'),
        }),
        response: {
          200: z.string().describe('text/event-stream'),
          ...errors,
        },
      },
      preHandler: [authenticate.required, readLimit],
      // The answer stays open: the worker's batches must not wait for it (app.ts).
      config: { longLived: true },
    },
    async (request, reply) => {
      const viewer = request.user!;
      const mine = open.get(viewer.id) ?? new Set<ServerResponse>();
      if (mine.size >= STREAMS_PER_USER)
        throw new AppError(429, 'too_many_requests', NOTIFICATION_MESSAGES.tooManyStreams);
      const resume = request.headers['last-event-id'];
      let seq = resume === undefined ? await notifications.streamStart(viewer) : Number(resume);
      let count = (await notifications.unreadCount(viewer)).count;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer (nginx) pass each event on at once.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // The first event carries where the stream starts, so a client that loses the connection
      // before any notification still resumes from here.
      res.write(
        `retry: ${RETRY_MS}\nid: ${seq}\nevent: count\ndata: ${JSON.stringify({ count })}\n\n`,
      );
      mine.add(res);
      open.set(viewer.id, mine);

      // One send at a time; a wake during a send sends again after it.
      let sending: Promise<void> | undefined;
      let wokenWhileSending = false;
      let closed = false;
      const send = async () => {
        for (;;) {
          const changes = await notifications.changesAfter(viewer, seq, STREAM_BATCH);
          const now = (await notifications.unreadCount(viewer)).count;
          if (closed) return;
          for (const change of changes) {
            const data = JSON.stringify({ notification: change.notification, unread_count: now });
            res.write(`id: ${change.seq}\nevent: notification\ndata: ${data}\n\n`);
            seq = change.seq;
          }
          if (changes.length === 0 && now !== count)
            res.write(`event: count\ndata: ${JSON.stringify({ count: now })}\n\n`);
          count = now;
          if (changes.length < STREAM_BATCH) return;
        }
      };
      const wake = () => {
        if (closed) return;
        if (sending) {
          wokenWhileSending = true;
          return;
        }
        sending = send()
          .catch((error) => request.log.warn({ err: error }, 'notification stream send failed'))
          .finally(() => {
            sending = undefined;
            if (wokenWhileSending) {
              wokenWhileSending = false;
              wake();
            }
          });
      };

      const unsubscribe = bus.subscribe(viewer.id, wake);
      // Another process's worker, or this one's before the stream opened: read again now and
      // then, so nothing waits for a wake that went elsewhere.
      const poll = setInterval(wake, config.notificationPollMs).unref();
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS).unref();
      res.on('close', () => {
        closed = true;
        unsubscribe();
        clearInterval(poll);
        clearInterval(heartbeat);
        mine.delete(res);
        if (mine.size === 0) open.delete(viewer.id);
      });
      // What happened after Last-Event-ID, or in the moment since the count was read.
      wake();
    },
  );
};
