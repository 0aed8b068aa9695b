import type { NotificationType } from '@storyloom/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** What a notification is about; the recipient and the actor are given apart. */
export interface Subject {
  type: NotificationType;
  /** Notifications of one key gather while unread: another like of the same story joins. */
  groupKey: string;
  storyId?: string | null;
  chapterId?: string | null;
  commentId?: string | null;
}

/**
 * Draws `n` numbers from notification_seq and answers the first. The update holds the counter's
 * row until commit (PostgreSQL), so every transaction that tells anyone anything commits in
 * the order of its numbers: a stream that saw n never meets a smaller number later.
 */
async function drawSeq(trx: Transaction<Database>, n: number): Promise<number> {
  const row = await trx
    .updateTable('notification_seq')
    .set((eb) => ({ value: eb('value', '+', n) }))
    .where('id', '=', 1)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}

/**
 * A notice from the moderators to each of `userIds`: no actor is recorded (it never names the
 * staff member), no switch turns it off, and each is its own notification. `detail` is what it
 * says (docs/decisions/025-moderation.md). Answers the users told.
 */
export async function noticeFromModerators(
  trx: Transaction<Database>,
  userIds: string[],
  subject: Subject,
  detail: Record<string, unknown>,
  now: string,
): Promise<string[]> {
  const to = [...new Set(userIds)];
  if (to.length === 0) return [];
  const first = await drawSeq(trx, to.length);
  await trx
    .insertInto('notifications')
    .values(
      to.map((userId, i) => ({
        id: newId(),
        user_id: userId,
        type: subject.type,
        group_key: `${subject.groupKey}:${newId()}`,
        story_id: subject.storyId ?? null,
        chapter_id: subject.chapterId ?? null,
        comment_id: subject.commentId ?? null,
        actors_count: 0,
        seq: first + i,
        created_at: now,
        updated_at: now,
        detail: JSON.stringify(detail),
      })),
    )
    .execute();
  return to;
}

/**
 * Tells each of `userIds` about `subject`, by `actorId`: a new notification, or the actor
 * joining the open one of the same key (a like of a story already liked by others). Answers
 * the users whose notifications changed; an actor already named changes nothing.
 */
export async function notify(
  trx: Transaction<Database>,
  userIds: string[],
  actorId: string,
  subject: Subject,
  now: string,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const first = await drawSeq(trx, userIds.length * 2);
  await trx
    .insertInto('notifications')
    .values(
      userIds.map((userId, i) => ({
        id: newId(),
        user_id: userId,
        type: subject.type,
        group_key: subject.groupKey,
        story_id: subject.storyId ?? null,
        chapter_id: subject.chapterId ?? null,
        comment_id: subject.commentId ?? null,
        actors_count: 0,
        seq: first + i,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'group_key']).where('read_at', 'is', null).doNothing(),
    )
    .execute();
  const open = await trx
    .selectFrom('notifications')
    .select(['id', 'user_id'])
    .where('user_id', 'in', userIds)
    .where('group_key', '=', subject.groupKey)
    .where('read_at', 'is', null)
    .execute();
  const added = await trx
    .insertInto('notification_actors')
    .values(open.map((row) => ({ notification_id: row.id, actor_id: actorId, created_at: now })))
    .onConflict((oc) => oc.columns(['notification_id', 'actor_id']).doNothing())
    .returning('notification_id')
    .execute();
  if (added.length === 0) return [];
  const ids = added.map((row) => row.notification_id);
  // A new actor moves the notification up and makes it new to the streams: a fresh seq each.
  const base = first + userIds.length;
  const renumbered = ids.map((id, i) => sql`when ${id} then cast(${base + i} as bigint)`);
  await trx
    .updateTable('notifications')
    .set((eb) => ({
      actors_count: eb('actors_count', '+', 1),
      seq: sql<number>`case id ${sql.join(renumbered, sql` `)} end`,
      updated_at: now,
    }))
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(open.map((row) => [row.id, row.user_id]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * How many of the user's notifications are unread, up to `cap`, from notifications_open_idx
 * alone. SQLite is told the index: without planner statistics it takes
 * notifications_user_seq_idx (also a seek on user_id) and reads every one of the user's
 * notifications to test read_at.
 */
export async function countUnread(
  db: Exec,
  dialect: DialectName,
  userId: string,
  cap?: number,
): Promise<number> {
  const from =
    dialect === 'sqlite'
      ? sql`notifications indexed by notifications_open_idx`
      : sql`notifications`;
  const limit = cap === undefined ? sql`` : sql`limit ${cap}`;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
      select 1 from ${from} where user_id = ${userId} and read_at is null ${limit}
    ) as unread`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * Notifications with what each shows of its story, chapter and comment, joined in the same
 * statement (each by its primary key): callers filter on `n.` columns.
 */
export const notificationsInContext = (db: Exec) =>
  db
    .selectFrom('notifications as n')
    .leftJoin('stories as s', 's.id', 'n.story_id')
    .leftJoin('chapters as ch', 'ch.id', 'n.chapter_id')
    .leftJoin('comments as cm', 'cm.id', 'n.comment_id')
    .selectAll('n')
    .select([
      's.title as story_title',
      'ch.title as chapter_title',
      'ch.position as chapter_position',
      'ch.paragraph_keys as chapter_paragraph_keys',
      'cm.body as comment_body',
      'cm.parent_id as comment_parent_id',
      'cm.paragraph_key as comment_paragraph_key',
    ]);

/** A notification row with its context; a title or body is null when its row is gone. */
export type NotificationInContext = Awaited<
  ReturnType<ReturnType<typeof notificationsInContext>['executeTakeFirstOrThrow']>
>;

/** A page of the user's notifications, the latest change first (notifications_user_seq_idx). */
export async function notificationPage(
  db: Exec,
  dialect: DialectName,
  userId: string,
  unreadOnly: boolean,
  offset: number,
  limit: number,
): Promise<{ rows: NotificationInContext[]; total: number }> {
  const [rows, total] = await Promise.all([
    notificationsInContext(db)
      .where('n.user_id', '=', userId)
      .$if(unreadOnly, (q) => q.where('n.read_at', 'is', null))
      .orderBy('n.seq', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    unreadOnly
      ? countUnread(db, dialect, userId)
      : db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n)),
  ]);
  return { rows, total };
}

/** The user's notifications changed after `seq`, oldest change first: what a stream sends. */
export const changedAfter = (db: Exec, userId: string, seq: number, limit: number) =>
  notificationsInContext(db)
    .where('n.user_id', '=', userId)
    .where('n.seq', '>', seq)
    .orderBy('n.seq')
    .limit(limit)
    .execute();

/** The last change the user has: where a stream without Last-Event-ID starts. */
export async function lastSeq(db: Exec, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select('seq')
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Marks the user's unread notifications read: those of `ids`, or all. Answers how many. */
export async function markRead(
  db: Exec,
  userId: string,
  ids: string[] | undefined,
  now: string,
): Promise<number> {
  if (ids?.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The latest actors of each notification, at most `perNotification` each, with who they are. */
export async function actorsOf(db: Exec, notificationIds: string[], perNotification: number) {
  if (notificationIds.length === 0) return [];
  const ranked = db
    .selectFrom('notification_actors')
    .select([
      'notification_id',
      'actor_id',
      'created_at',
      sql<number>`row_number() over (partition by notification_id order by created_at desc, actor_id)`.as(
        'rank',
      ),
    ])
    .where('notification_id', 'in', notificationIds);
  return db
    .selectFrom(ranked.as('ranked'))
    .innerJoin('users', 'users.id', 'ranked.actor_id')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select([
      'ranked.notification_id',
      'users.id',
      'users.username',
      'users.profile_pic',
      'user_settings.settings',
    ])
    .where('ranked.rank', '<=', perNotification)
    .orderBy('ranked.notification_id')
    .orderBy('ranked.rank')
    .execute();
}

/**
 * Takes back what others were told about a story or chapter that is no longer theirs to see:
 * the story made private, or the chapter unpublished. Its author keeps theirs.
 */
export async function retract(
  trx: Transaction<Database>,
  column: 'story_id' | 'chapter_id',
  id: string,
  authorId: string,
): Promise<void> {
  await trx
    .deleteFrom('notifications')
    .where(column, '=', id)
    .where('user_id', '<>', authorId)
    .execute();
}

/**
 * Takes `actorId` out of notifications: those of `recipientId` alone (they blocked or muted the
 * actor), or everyone's (a suspended account). The actor leaves each notification naming them,
 * and one left naming no one goes. Answers the users whose notifications changed, for their
 * streams.
 */
export async function forgetActor(
  trx: Transaction<Database>,
  actorId: string,
  recipientId?: string,
): Promise<string[]> {
  const left = await trx
    .deleteFrom('notification_actors')
    .where('actor_id', '=', actorId)
    .$if(recipientId !== undefined, (q) =>
      q.where(
        'notification_id',
        'in',
        trx.selectFrom('notifications').select('id').where('user_id', '=', recipientId!),
      ),
    )
    .returning('notification_id')
    .execute();
  if (left.length === 0) return [];
  const ids = left.map((row) => row.notification_id);
  const touched = await trx
    .updateTable('notifications')
    .set((eb) => ({ actors_count: eb('actors_count', '-', 1) }))
    .where('id', 'in', ids)
    .returning('user_id')
    .execute();
  await trx
    .deleteFrom('notifications')
    .where('id', 'in', ids)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_actors')
            .select('notification_actors.actor_id')
            .whereRef('notification_actors.notification_id', '=', 'notifications.id'),
        ),
      ),
    )
    .execute();
  return [...new Set(touched.map((row) => row.user_id))];
}

/** Takes back every notification about a comment (deleted, even as a placeholder). */
export async function retractComment(trx: Transaction<Database>, commentId: string) {
  await trx.deleteFrom('notifications').where('comment_id', '=', commentId).execute();
}

/**
 * Locks the story's row for sharing until commit (PostgreSQL): a notification about it is
 * written either before it goes private (and taken back then) or after (and not written).
 */
export function readStoryForNotice(trx: Transaction<Database>, dialect: DialectName, id: string) {
  const query = trx
    .selectFrom('stories')
    .select(['id', 'author_id', 'title', 'visibility'])
    .where('id', '=', id);
  return (dialect === 'postgres' ? query.forShare() : query).executeTakeFirst();
}
