import {
  auditEntry,
  contactMessageItem,
  createReportBody,
  envelope,
  idParams,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  paged,
  pageQuery,
  reportGroup,
  reportListQuery,
  reportReceipt,
  resolveReportBody,
  resolveResult,
  staffMember,
  staffRoleBody,
  usernameParams,
} from '@storyloom/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { byUser, limit } from '../../lib/rate-limit.js';
import { bearer, errorResponses } from '../../lib/route-schema.js';
import { HOUR, MINUTE } from '../../lib/time.js';
import type { Services } from '../../services.js';
import { adminOnly, staffOnly } from './policy.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Reports and the staff's routes (issue 21, docs/decisions/025-moderation.md):
 * `POST /reports` for anyone signed in; `/admin/...` for moderators and admins (403 for everyone
 * else), the audit log and roles for admins only.
 */
export const moderationRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const { authenticate, config, moderation } = services;
  const reportLimit = limit(app, config.rateLimitFactor, {
    name: 'reports:user',
    max: MODERATION_LIMITS.reportsPerHour,
    windowMs: HOUR,
    key: byUser,
  });
  const staffWriteLimit = limit(app, config.rateLimitFactor, {
    name: 'moderation:write',
    max: 300,
    windowMs: MINUTE,
    key: byUser,
  });
  const staff = [authenticate.required, staffOnly];
  const admins = [authenticate.required, adminOnly];

  app.post(
    '/reports',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Report a story, chapter, comment or user (one open report per person and target: a second answers the first, 200)',
        security: bearer,
        body: createReportBody,
        response: { 200: envelope(reportReceipt), 201: envelope(reportReceipt), ...errors },
      },
      preHandler: [authenticate.required, reportLimit],
    },
    async (request, reply) => {
      const { receipt, created } = await moderation.report(request.user!, request.body);
      return created
        ? reply.status(201).send(ok(receipt, MODERATION_MESSAGES.reported))
        : ok(receipt, MODERATION_MESSAGES.alreadyReported);
    },
  );

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Staff: reports grouped by target, oldest first, with the content in context',
        security: bearer,
        querystring: reportListQuery,
        response: { 200: envelope(paged(reportGroup)), ...errors },
      },
      preHandler: staff,
    },
    async (request) => ok(await moderation.queue(request.query)),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags: ['moderation'],
        summary:
          'Staff: dismiss, hide the content, suspend its owner (days, or for good) or restore; closes every open report on the target and tells each reporter',
        security: bearer,
        params: idParams,
        body: resolveReportBody,
        response: { 200: envelope(resolveResult), ...errors },
      },
      preHandler: [...staff, staffWriteLimit],
    },
    async (request) =>
      ok(
        await moderation.resolve(request.user!, request.params.id, request.body),
        MODERATION_MESSAGES.resolved,
      ),
  );

  app.get(
    '/admin/contact',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Staff: messages sent through /contact, newest first',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(contactMessageItem)), ...errors },
      },
      preHandler: staff,
    },
    async (request) => ok(await moderation.contact(request.query)),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Admins: every staff action, newest first (append-only)',
        security: bearer,
        querystring: pageQuery,
        response: { 200: envelope(paged(auditEntry)), ...errors },
      },
      preHandler: admins,
    },
    async (request) => ok(await moderation.audit(request.query)),
  );

  app.get(
    '/admin/staff',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Admins: moderators and admins',
        security: bearer,
        response: { 200: envelope(z.object({ items: z.array(staffMember) })), ...errors },
      },
      preHandler: admins,
    },
    async () => ok({ items: await moderation.staff() }),
  );

  app.put(
    '/admin/users/:username/role',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Admins: make a user a moderator or admin, or a plain user again (audited)',
        security: bearer,
        params: usernameParams,
        body: staffRoleBody,
        response: { 200: envelope(staffMember), ...errors },
      },
      preHandler: [...admins, staffWriteLimit],
    },
    async (request) =>
      ok(
        await moderation.setRole(request.user!, request.params.username, request.body),
        MODERATION_MESSAGES.roleChanged,
      ),
  );
};
