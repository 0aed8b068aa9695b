import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, StoryRow, UserRow } from '../../db/types.js';
import { likeAdded, likeRemoved } from '../stories/ranking.js';
import { changeStoryCounters } from '../stories/repo.js';

type Exec = Kysely<Database> | Transaction<Database>;
export type Reaction = 'likes' | 'saves';

// ---- follows -------------------------------------------------------------------------------

/** Inserts the follow unless it exists; true when a row was inserted (and counters must move). */
export async function insertFollow(
  db: Exec,
  followerId: string,
  followeeId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** True when a row was deleted. */
export async function deleteFollow(db: Exec, followerId: string, followeeId: string) {
  const result = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Moves the follower's following_count and the followee's followers_count by `delta`. The two
 * rows are always updated in id order, so two users following each other at the same moment
 * cannot deadlock on PostgreSQL.
 */
export async function adjustFollowCounts(
  db: Exec,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
): Promise<void> {
  const updates: [string, 'following_count' | 'followers_count'][] = [
    [followerId, 'following_count'],
    [followeeId, 'followers_count'],
  ];
  updates.sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, column] of updates) {
    await db
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}

export async function followCounts(db: Exec, followerId: string, followeeId: string) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'followers_count', 'following_count'])
    .where('id', 'in', [followerId, followeeId])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    followers_count: Math.max(0, byId.get(followeeId)?.followers_count ?? 0),
    following_count: Math.max(0, byId.get(followerId)?.following_count ?? 0),
  };
}

export type FollowListRow = Pick<
  UserRow,
  'id' | 'username' | 'bio' | 'profile_pic' | 'followers_count' | 'stories_count'
> & { followed_at: string };

/**
 * A page of a user's followers (`side: 'followers'`) or of whom they follow, newest follow
 * first; ties broken by the other user's id so pages never repeat or skip anyone.
 */
export async function followPage(
  db: Exec,
  userId: string,
  side: 'followers' | 'following',
  offset: number,
  limit: number,
): Promise<{ rows: FollowListRow[]; total: number }> {
  const [mine, theirs] =
    side === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  const rows = await db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', theirs)
    .select([
      'users.id',
      'users.username',
      'users.bio',
      'users.profile_pic',
      'users.followers_count',
      'users.stories_count',
      'follows.created_at as followed_at',
    ])
    .where(mine, '=', userId)
    // Suspended accounts are out of sight while suspended (decision 025).
    .where('users.suspended_until', 'is', null)
    .orderBy('follows.created_at', 'desc')
    .orderBy(theirs, 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', theirs)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(mine, '=', userId)
    .where('users.suspended_until', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Which of `userIds` the follower follows: one indexed query for a whole page. */
export async function followedAmong(
  db: Exec,
  followerId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}

/** Which of `userIds` follow `followeeId` (for "Following Only" profiles: whom they follow). */
export async function followersAmong(
  db: Exec,
  followeeId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', followeeId)
    .where('follower_id', 'in', userIds)
    .execute();
  return new Set(rows.map((row) => row.follower_id));
}

// ---- likes and saves -------------------------------------------------------------------------

/** True when the row was inserted. */
export async function insertReaction(
  db: Exec,
  table: Reaction,
  userId: string,
  storyId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto(table)
    .values({ user_id: userId, story_id: storyId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'story_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** When the deleted row was made; null when there was none. */
export async function deleteReaction(
  db: Exec,
  table: Reaction,
  userId: string,
  storyId: string,
): Promise<string | null> {
  const row = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('story_id', '=', storyId)
    .returning('created_at')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** A new like moves the story's votes_count and ranking (stories/ranking.ts). */
export async function countLike(
  db: Exec,
  dialect: DialectName,
  storyId: string,
  at: string,
): Promise<void> {
  await changeStoryCounters(db, storyId, (eb) => likeAdded(eb, dialect, at));
}

/** A removed like takes its votes back (not its trending event: see stories/ranking.ts). */
export async function uncountLike(db: Exec, storyId: string): Promise<void> {
  await changeStoryCounters(db, storyId, likeRemoved);
}

export async function votesOf(db: Exec, storyId: string): Promise<number> {
  const row = await db
    .selectFrom('stories')
    .select('votes_count')
    .where('id', '=', storyId)
    .executeTakeFirst();
  return Math.max(0, row?.votes_count ?? 0);
}

/**
 * A page of the stories a user liked or saved, newest first. Other authors' private stories are
 * left out (a story that turned private disappears from the list; it returns if made public).
 */
export async function reactedStoriesPage(
  db: Exec,
  table: Reaction,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: StoryRow[]; total: number }> {
  const base = db
    .selectFrom(table)
    .innerJoin('stories', 'stories.id', `${table}.story_id`)
    .where(`${table}.user_id`, '=', userId)
    .where((eb) =>
      eb.or([eb('stories.visibility', '=', 'public'), eb('stories.author_id', '=', userId)]),
    );
  const rows = await base
    .selectAll('stories')
    .orderBy(`${table}.created_at`, 'desc')
    .orderBy(`${table}.story_id`, 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
