import {
  type BlockResult,
  type ListedAccount,
  type MuteResult,
  type Paged,
  type PageQuery,
  PEOPLE_MESSAGES,
  SAFETY_MESSAGES,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, UserRow } from '../../db/types.js';
import { forbidden, invalidField, notFound, unauthorized } from '../../lib/errors.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { endListFollows } from '../lists/repo.js';
import { assertNotSuspended, isSuspended } from '../moderation/policy.js';
import type { NotificationBus } from '../notifications/bus.js';
import { forgetActor } from '../notifications/repo.js';
import { adjustFollowCounts, deleteFollow } from '../social/repo.js';
import { accessToMany } from '../users/privacy.js';
import { findUserById } from '../users/repo.js';
import {
  deleteRelation,
  hasRelation,
  insertRelation,
  lockPair,
  type Relation,
  relationPage,
} from './repo.js';

/**
 * Blocks and mutes (docs/decisions/024-blocks-and-mutes.md). Both are idempotent; a block also
 * ends any follow between the two people, with its counters, in the same transaction.
 */
export function createSafetyService({ db, bus }: { db: Db; bus: NotificationBus }) {
  const k = db.kysely;
  /** What the target did stops showing in the viewer's notifications; open streams recount. */
  const forget = async (trx: Transaction<Database>, viewer: UserRow, target: UserRow) =>
    (await forgetActor(trx, target.id, viewer.id)).length > 0
      ? () => bus.publish([viewer.id])
      : () => {};

  const listOf = async (
    rel: Relation,
    viewer: UserRow,
    page: PageQuery,
  ): Promise<Paged<ListedAccount>> => {
    const { rows, total } = await relationPage(k, rel, viewer.id, offsetOf(page), page.limit);
    // Each listed account shows its picture only where its own privacy lets the caller see it.
    const access = await accessToMany(
      k,
      viewer,
      rows.map((row) => row.id),
    );
    const items = rows.map((row) => ({
      id: row.id,
      username: row.username,
      profile_pic: access.get(row.id)?.full ? row.profile_pic : null,
      created_at: new Date(row.created_at).toISOString(),
    }));
    return pageOf(items, total, page);
  };

  return {
    async block(viewer: UserRow, target: UserRow): Promise<BlockResult> {
      if (viewer.id === target.id) throw invalidField('username', SAFETY_MESSAGES.cannotBlockSelf);
      const told = await k.transaction().execute(async (trx) => {
        await lockPair(trx, db.dialect, viewer.id, target.id);
        // Read again under the locks: a suspension that committed meanwhile has taken the
        // follows off the counters already (moderation/service.ts), and hides the account.
        const [me, them] = await Promise.all(
          [viewer.id, target.id].map((id) => findUserById(trx, id)),
        );
        if (!me) throw unauthorized();
        assertNotSuspended(me);
        if (!them || isSuspended(them)) throw notFound(PEOPLE_MESSAGES.userNotFound);
        await insertRelation(trx, 'blocks', viewer.id, target.id, nowIso());
        // Their follow of you ends, and so does yours of them: neither side keeps a window
        // into the other's activity (the feed, new-chapter notices) across a block.
        for (const [follower, followee] of [
          [target.id, viewer.id],
          [viewer.id, target.id],
        ] as const) {
          if (await deleteFollow(trx, follower, followee))
            await adjustFollowCounts(trx, follower, followee, -1);
          await endListFollows(trx, follower, followee);
        }
        return forget(trx, viewer, target);
      });
      told();
      return { blocked: true };
    },

    async unblock(viewer: UserRow, target: UserRow): Promise<BlockResult> {
      if (viewer.id === target.id) throw invalidField('username', SAFETY_MESSAGES.cannotBlockSelf);
      await deleteRelation(k, 'blocks', viewer.id, target.id);
      return { blocked: false };
    },

    async mute(viewer: UserRow, target: UserRow): Promise<MuteResult> {
      if (viewer.id === target.id) throw invalidField('username', SAFETY_MESSAGES.cannotMuteSelf);
      const told = await k.transaction().execute(async (trx) => {
        await insertRelation(trx, 'mutes', viewer.id, target.id, nowIso());
        return forget(trx, viewer, target);
      });
      told();
      return { muted: true };
    },

    async unmute(viewer: UserRow, target: UserRow): Promise<MuteResult> {
      if (viewer.id === target.id) throw invalidField('username', SAFETY_MESSAGES.cannotMuteSelf);
      await deleteRelation(k, 'mutes', viewer.id, target.id);
      return { muted: false };
    },

    blocks: (viewer: UserRow, page: PageQuery) => listOf('blocks', viewer, page),
    mutes: (viewer: UserRow, page: PageQuery) => listOf('mutes', viewer, page),
  };
}
export type SafetyService = ReturnType<typeof createSafetyService>;

/**
 * The follow rule of a block, asked by the follow itself under the same row locks: nobody
 * follows a person who blocked them, nor a person they blocked.
 */
export async function assertMayFollow(
  exec: Parameters<typeof hasRelation>[0],
  followerId: string,
  followeeId: string,
): Promise<void> {
  if (await hasRelation(exec, 'blocks', followeeId, followerId))
    throw forbidden(SAFETY_MESSAGES.followBlocked);
  if (await hasRelation(exec, 'blocks', followerId, followeeId))
    throw forbidden(SAFETY_MESSAGES.followYouBlocked);
}

/** Comments: whether `ownerId` (a story's author, a comment's writer) blocked `actorId`. */
export async function assertNotBlockedBy(
  exec: Parameters<typeof hasRelation>[0],
  ownerId: string | null,
  actorId: string,
  message: string,
): Promise<void> {
  if (
    ownerId !== null &&
    ownerId !== actorId &&
    (await hasRelation(exec, 'blocks', ownerId, actorId))
  )
    throw forbidden(message);
}
