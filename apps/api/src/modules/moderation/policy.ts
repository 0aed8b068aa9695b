import { MODERATION_MESSAGES, SUSPENDED_FOR_GOOD } from '@storyloom/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types.js';
import { forbidden } from '../../lib/errors.js';

/**
 * Who is staff and who is suspended (docs/decisions/025-moderation.md). The role is read from
 * the user row that authentication loads on every request, so granting or taking a role takes
 * effect on the next request without new tokens.
 */
type Person = Pick<UserRow, 'role' | 'suspended_until'>;

export const isStaff = (user: Pick<UserRow, 'role'> | null): boolean =>
  user?.role === 'moderator' || user?.role === 'admin';

export const isAdmin = (user: Pick<UserRow, 'role'> | null): boolean => user?.role === 'admin';

const timeOf = (value: string | Date) => new Date(value).getTime();

/**
 * Suspended: until the suspension is lifted, which the scheduler does within a minute of
 * `suspended_until` (services.ts). Read from the column being set, not the clock, so that
 * whether an account's likes and follows count (users/repo.ts moveCountsOf) and whether it may
 * sign in and act never disagree in between.
 */
export const isSuspended = (user: Pick<Person, 'suspended_until'>): boolean =>
  user.suspended_until !== null;

/** A suspension whose time has run out, waiting to be lifted. */
export const suspensionRanOut = (user: Pick<Person, 'suspended_until'>, now: number): boolean =>
  user.suspended_until !== null && timeOf(user.suspended_until) <= now;

/** The day a suspension ends (YYYY-MM-DD), or null when it is for good. */
export function suspensionEnd(user: Pick<Person, 'suspended_until'>): string | null {
  const until = new Date(user.suspended_until!).toISOString();
  return until >= SUSPENDED_FOR_GOOD ? null : until.slice(0, 10);
}

/** The sign-in refusal of a suspended account, naming the day it ends (or none, for good). */
export function assertNotSuspended(user: Pick<Person, 'suspended_until'>): void {
  if (isSuspended(user)) throw forbidden(MODERATION_MESSAGES.suspended(suspensionEnd(user)));
}

/** preHandlers, after `authenticate.required`: moderators and admins, or admins only. */
export const staffOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!isStaff(request.user)) throw forbidden(MODERATION_MESSAGES.staffOnly);
};
export const adminOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!isAdmin(request.user)) throw forbidden(MODERATION_MESSAGES.adminOnly);
};
