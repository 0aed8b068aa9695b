import type { Rating } from '@storyloom/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, NewUser, StoryRow, UserRow, UserUpdate } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { forgetFollowerCounts } from '../lists/repo.js';
import { likeRemoved, likeRestored } from '../stories/ranking.js';
import { ratingCondition } from '../stories/ratings.js';

type Exec = Kysely<Database> | Transaction<Database>;

export const findUserById = (db: Exec, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Exec, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

/** Usernames are unique case-insensitively; the lookup uses the lower(username) index. */
export const findUserByUsername = (db: Exec, username: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();

export const findUserByGoogleSub = (db: Exec, sub: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

export async function insertUser(db: Exec, user: NewUser): Promise<UserRow> {
  await db.insertInto('users').values(user).execute();
  return (await findUserById(db, user.id))!;
}

export async function updateUser(db: Exec, id: string, changes: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** users.profile_public: the author directory ranks by followers only where they are public. */
export async function setProfilePublic(db: Exec, id: string, isPublic: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ profile_public: isPublic ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Revokes every token issued to the user so far. */
export async function bumpTokenVersion(db: Exec, id: string): Promise<number> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/**
 * Moves by `delta` what the user's follows and likes add to others' rows: the followers_count
 * of the people they follow, the votes and popularity of others' stories they liked (never
 * trending: stories/ranking.ts) and the likes_count of the comments they liked. -1 when the
 * account is deleted or suspended, +1 when its suspension is lifted
 * (docs/decisions/025-moderation.md). On PostgreSQL the user rows are locked in id order first,
 * as every multi-row change of them is (lockForDeletion).
 */
export async function moveCountsOf(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
  delta: 1 | -1,
): Promise<void> {
  const followees = trx.selectFrom('follows').select('followee_id').where('follower_id', '=', id);
  if (dialect === 'postgres') {
    await sql`select id from users where id in (${followees}) order by id for no key update`.execute(
      trx,
    );
  }
  await trx
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '+', delta) }))
    .where('id', 'in', followees)
    .execute();
  await trx
    .updateTable('stories')
    .set(delta < 0 ? likeRemoved : likeRestored)
    .where('id', 'in', trx.selectFrom('likes').select('story_id').where('user_id', '=', id))
    .where('author_id', '<>', id)
    .execute();
  await trx
    .updateTable('comments')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where(
      'id',
      'in',
      trx.selectFrom('comment_likes').select('comment_id').where('user_id', '=', id),
    )
    .execute();
}

/**
 * Deletes a user and everything they own. Counters on other rows that counted this user's
 * follows and likes are decremented first, in the same transaction; a suspended account's no
 * longer count (moveCountsOf).
 */
export async function deleteUserCascade(
  trx: Transaction<Database>,
  dialect: DialectName,
  user: Pick<UserRow, 'id' | 'suspended_until'>,
): Promise<void> {
  const { id } = user;
  if (user.suspended_until === null) await moveCountsOf(trx, dialect, id, -1);
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where(
      'id',
      'in',
      trx.selectFrom('follows').select('follower_id').where('followee_id', '=', id),
    )
    .execute();
  await forgetFollowerCounts(trx, id);
  // Rows referencing the user (stories and their chapters, follows, likes, saves, comment
  // likes, progress, settings, email tokens) go by ON DELETE CASCADE; read events keep
  // counting, anonymised. Their comments on others' stories stay, with no author
  // ("[deleted account]"), in their place in the threads.
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Reads the user inside a transaction and, on PostgreSQL, locks the row until commit, so
 * read-modify-writes of the user's own data (profile picture, settings) run one at a time.
 * (SQLite transactions already hold the database's single write lock.)
 */
export function lockUser(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<UserRow | undefined> {
  const query = trx.selectFrom('users').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Locks, on PostgreSQL and in id order, the user's row and those of everyone whose rows
 * deleting the user writes or whose own deletion would write rows this one writes: the people
 * they follow and who follow them (their counts), the authors of the stories and comments they
 * liked (those counts) and of the stories they commented on (their comments go with either
 * deletion), and the people their actions notified (notification_actors rows). Two deletions
 * that touch each other's rows then queue on the first user row they share instead of each
 * holding what the other needs (a deadlock). SQLite has one writer. Answers the user's row.
 */
export async function lockForDeletion(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<UserRow | undefined> {
  if (dialect !== 'postgres') return lockUser(trx, dialect, id);
  const touched = sql<string>`(
    select followee_id from follows where follower_id = ${id}
    union select follower_id from follows where followee_id = ${id}
    union select s.author_id from likes l join stories s on s.id = l.story_id where l.user_id = ${id}
    union select c.author_id from comment_likes cl join comments c on c.id = cl.comment_id
      where cl.user_id = ${id} and c.author_id is not null
    union select s.author_id from comments c join stories s on s.id = c.story_id
      where c.author_id = ${id}
    union select n.user_id from notification_actors na
      join notifications n on n.id = na.notification_id where na.actor_id = ${id})`;
  const rows = await trx
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb('id', 'in', touched)]))
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.find((row) => row.id === id);
}

/**
 * Reads and visible comments over all of a user's public stories (the profile's "total reads"
 * and "total comments"), summed in one query.
 */
export async function publicStoryTotalsOf(
  db: Exec,
  authorId: string,
): Promise<{ reads: number; comments: number }> {
  const row = await db
    .selectFrom('stories')
    .select((eb) => [
      eb.fn.sum<number | null>('reads_count').as('reads'),
      eb.fn.sum<number | null>('comments_count').as('comments'),
    ])
    .where('author_id', '=', authorId)
    .where('visibility', '=', 'public')
    .executeTakeFirst();
  return { reads: Number(row?.reads ?? 0), comments: Number(row?.comments ?? 0) };
}

/**
 * A page of an author's stories. With `includePrivate` (the author themselves) every story,
 * newest created first; otherwise public stories, newest published first. Each order has its
 * index (stories_author_idx, stories_author_public_idx) and ends in id for stable pages.
 */
export async function authorStoriesPage(
  db: Exec,
  authorId: string,
  includePrivate: boolean,
  ratings: readonly Rating[],
  offset: number,
  limit: number,
): Promise<{ rows: StoryRow[]; total: number }> {
  // The author's trash is not among their stories (docs/decisions/027-recently-deleted.md).
  let base = db
    .selectFrom('stories')
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null);
  if (!includePrivate) base = base.where('visibility', '=', 'public');
  const rated = ratingCondition(ratings);
  if (rated) base = base.where(rated);
  const rows = await base
    .selectAll()
    .orderBy(includePrivate ? 'created_at' : 'published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
