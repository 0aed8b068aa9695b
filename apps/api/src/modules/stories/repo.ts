import type { ExpressionBuilder, Kysely, Transaction, Updateable, UpdateObject } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, NewStory, StoriesTable, StoryRow, UserRow } from '../../db/types.js';
import { parseStoredSettings } from '../users/settings-repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * A story that exists for the app: one in its author's "Recently deleted" is as missing as a
 * deleted one everywhere but the trash itself (docs/decisions/027-recently-deleted.md).
 */
export const findStoryById = (db: Exec, id: string): Promise<StoryRow | undefined> =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * Reads the story inside a transaction and, on PostgreSQL, locks its row until commit: every
 * write to a story or its chapters takes this lock first, so counters and chapter positions
 * are read-modify-written by one transaction at a time. (SQLite transactions already hold the
 * database's single write lock.)
 */
export function lockStory(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<StoryRow | undefined> {
  const query = trx
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** lockStory for the trash: the story whether or not it is in "Recently deleted". */
export function lockStoryEvenDeleted(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<StoryRow | undefined> {
  const query = trx.selectFrom('stories').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertStory(db: Exec, story: NewStory): Promise<void> {
  await db.insertInto('stories').values(story).execute();
}

export async function updateStory(
  db: Exec,
  id: string,
  changes: Updateable<StoriesTable>,
): Promise<void> {
  await db.updateTable('stories').set(changes).where('id', '=', id).execute();
}

/** Moves a story's counters and ranking in the UPDATE itself (`change` from ranking.ts). */
export async function changeStoryCounters(
  db: Exec,
  id: string,
  change: (eb: ExpressionBuilder<Database, 'stories'>) => UpdateObject<Database, 'stories'>,
): Promise<void> {
  await db.updateTable('stories').set(change).where('id', '=', id).execute();
}

/** Chapters, tags, likes, saves, reads and progress go with it (ON DELETE CASCADE). */
export async function deleteStory(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('stories').where('id', '=', id).execute();
}

/** Replaces the story's tags; `tags` are already normalized and unique case-insensitively. */
export async function replaceTags(db: Exec, storyId: string, tags: string[]): Promise<void> {
  await db.deleteFrom('story_tags').where('story_id', '=', storyId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('story_tags')
    .values(
      tags.map((tag, position) => ({
        story_id: storyId,
        tag,
        tag_key: tag.toLowerCase(),
        position,
      })),
    )
    .execute();
}

/** Tags of many stories in one query, each list in its stored order. */
export async function tagsOf(db: Exec, storyIds: string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>(storyIds.map((id) => [id, []]));
  if (storyIds.length === 0) return tags;
  const rows = await db
    .selectFrom('story_tags')
    .select(['story_id', 'tag'])
    .where('story_id', 'in', storyIds)
    .orderBy('story_id')
    .orderBy('position')
    .execute();
  for (const row of rows) tags.get(row.story_id)?.push(row.tag);
  return tags;
}

/** An author of stories with their stored settings (parsed; undefined without a row). */
export interface AuthorRow extends Pick<UserRow, 'id' | 'username' | 'profile_pic'> {
  settings: unknown;
}

/**
 * Authors of many stories in one query, with the settings their privacy rule needs (a
 * primary-key join, so the rule costs no query of its own).
 */
export async function authorsOf(db: Exec, userIds: string[]): Promise<AuthorRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.profile_pic', 'user_settings.settings'])
    .where('users.id', 'in', [...new Set(userIds)])
    .execute();
  return rows.map((row) => ({ ...row, settings: parseStoredSettings(row.settings) }));
}

/** The usernames of `userIds`, by id. */
export async function usernamesOf(db: Exec, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** Which of `storyIds` the user liked and saved: two indexed lookups for the whole page. */
export async function reactionsOf(
  db: Exec,
  userId: string,
  storyIds: string[],
): Promise<{ liked: Set<string>; saved: Set<string> }> {
  if (storyIds.length === 0) return { liked: new Set(), saved: new Set() };
  const of = (table: 'likes' | 'saves') =>
    db
      .selectFrom(table)
      .select('story_id')
      .where('user_id', '=', userId)
      .where('story_id', 'in', storyIds)
      .execute();
  const [liked, saved] = [await of('likes'), await of('saves')];
  return {
    liked: new Set(liked.map((r) => r.story_id)),
    saved: new Set(saved.map((r) => r.story_id)),
  };
}

export async function isFollowing(db: Exec, followerId: string, followeeId: string) {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** users.stories_count counts public stories; changed with the story row, in its transaction. */
export async function adjustStoriesCount(db: Exec, userId: string, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ stories_count: eb('stories_count', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** Cover URLs of every story of an author (to remove the files when the account goes). */
export async function coverUrlsOfAuthor(db: Exec, authorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('stories')
    .select('cover_image')
    .where('author_id', '=', authorId)
    .where('cover_image', 'is not', null)
    .execute();
  return rows.map((row) => row.cover_image!);
}
