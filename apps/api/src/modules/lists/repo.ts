import type { Rating } from '@storyloom/shared';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, ReadingListRow, StoryRow } from '../../db/types.js';
import { type Hiding, notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Which stories of a list a reader sees (docs/decisions/033-reading-lists.md): not in the
 * trash; public (so not hidden: a hidden story is private while hidden) and within the ratings
 * their lists show, or their own; and not by someone they muted.
 */
export interface StoryScope {
  viewerId: string | null;
  ratings: readonly Rating[];
  hiding: Hiding;
}

function visibleStory(scope: StoryScope): Expression<SqlBool> {
  const rating = ratingCondition(scope.ratings, 'stories.rating');
  const open = rating
    ? sql<SqlBool>`(stories.visibility = 'public' and ${rating})`
    : sql<SqlBool>`stories.visibility = 'public'`;
  const seen =
    scope.viewerId === null
      ? open
      : sql<SqlBool>`(${open} or stories.author_id = ${scope.viewerId})`;
  const parts = [sql<SqlBool>`stories.deleted_at is null`, seen];
  if (scope.viewerId !== null && scope.hiding.mutes)
    parts.push(notMutedBy(scope.viewerId, 'stories.author_id'));
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

export const findListById = (db: Exec, id: string): Promise<ReadingListRow | undefined> =>
  db.selectFrom('reading_lists').selectAll().where('id', '=', id).executeTakeFirst();

/** The list under a write lock (PostgreSQL; SQLite has one writer): its entries change in turn. */
export function lockList(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<ReadingListRow | undefined> {
  const query = trx.selectFrom('reading_lists').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A user's lists in their order; only the public ones unless `withPrivate`. */
export function listsOfOwner(
  db: Exec,
  ownerId: string,
  withPrivate: boolean,
): Promise<ReadingListRow[]> {
  let query = db.selectFrom('reading_lists').selectAll().where('owner_id', '=', ownerId);
  if (!withPrivate) query = query.where('visibility', '=', 'public');
  return query.orderBy('position').orderBy('id').execute();
}

export async function countListsOf(db: Exec, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('reading_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertList(db: Exec, row: ReadingListRow): Promise<void> {
  await db.insertInto('reading_lists').values(row).execute();
}

export async function updateList(
  db: Exec,
  id: string,
  changes: Partial<Pick<ReadingListRow, 'name' | 'description' | 'visibility' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('reading_lists').set(changes).where('id', '=', id).execute();
}

export async function deleteList(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('reading_lists').where('id', '=', id).execute();
}

/** Numbers the owner's lists 1…n in the order of `ids`. */
export async function setListPositions(db: Exec, ownerId: string, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries())
    await db
      .updateTable('reading_lists')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .execute();
}

/** Every entry of a list in order (story ids and when added), whatever it shows. */
export const entriesOf = (db: Exec, listId: string) =>
  db
    .selectFrom('reading_list_stories')
    .select(['story_id', 'added_at'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();

export async function entryCount(db: Exec, listId: string): Promise<number> {
  const row = await db
    .selectFrom('reading_list_stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasEntry(db: Exec, listId: string, storyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reading_list_stories')
    .select('story_id')
    .where('list_id', '=', listId)
    .where('story_id', '=', storyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds `storyId` after the list's last entry. */
export async function appendEntry(
  db: Exec,
  listId: string,
  storyId: string,
  now: string,
): Promise<void> {
  const row = await db
    .selectFrom('reading_list_stories')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('list_id', '=', listId)
    .executeTakeFirst();
  await db
    .insertInto('reading_list_stories')
    .values({
      list_id: listId,
      story_id: storyId,
      position: Number(row?.last ?? 0) + 1,
      added_at: now,
    })
    .execute();
}

/** Takes `storyId` out; true when it was there. The others keep their order (gaps are fine). */
export async function deleteEntry(db: Exec, listId: string, storyId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reading_list_stories')
    .where('list_id', '=', listId)
    .where('story_id', '=', storyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Rewrites the list's entries in the order given (added_at kept), numbered 1…n. */
export async function rewriteEntries(
  db: Exec,
  listId: string,
  entries: { story_id: string; added_at: string }[],
): Promise<void> {
  await db.deleteFrom('reading_list_stories').where('list_id', '=', listId).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('reading_list_stories')
    .values(
      entries.map((entry, index) => ({
        list_id: listId,
        story_id: entry.story_id,
        position: index + 1,
        added_at: entry.added_at,
      })),
    )
    .execute();
}

/** A page of the stories of a list that `scope` sees, in the list's order, and their total. */
export async function storiesPage(
  db: Exec,
  listId: string,
  scope: StoryScope,
  offset: number,
  limit: number,
): Promise<{ rows: StoryRow[]; total: number }> {
  const base = db
    .selectFrom('reading_list_stories')
    .innerJoin('stories', 'stories.id', 'reading_list_stories.story_id')
    .where('reading_list_stories.list_id', '=', listId)
    .where(visibleStory(scope));
  const [rows, count] = await Promise.all([
    base
      .selectAll('stories')
      .orderBy('reading_list_stories.position')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * For each of `listIds`: how many entries `scope` sees, how many there are in all, and the
 * first `covers` stories it sees (for the card). Two queries whatever the number of lists.
 */
type FirstStory = Pick<StoryRow, 'id' | 'title' | 'genre' | 'cover_image'>;

export async function listFigures(
  db: Exec,
  listIds: string[],
  scope: StoryScope,
  covers: number,
): Promise<Map<string, { shown: number; all: number; first: FirstStory[] }>> {
  const out = new Map(listIds.map((id) => [id, { shown: 0, all: 0, first: [] as FirstStory[] }]));
  if (listIds.length === 0) return out;
  const counts = await db
    .selectFrom('reading_list_stories')
    .innerJoin('stories', 'stories.id', 'reading_list_stories.story_id')
    .select((eb) => [
      'reading_list_stories.list_id',
      eb.fn.countAll<number>().as('all'),
      eb.fn
        .sum<number | null>(sql<number>`case when ${visibleStory(scope)} then 1 else 0 end`)
        .as('shown'),
    ])
    .where('reading_list_stories.list_id', 'in', listIds)
    .groupBy('reading_list_stories.list_id')
    .execute();
  for (const row of counts) {
    const figures = out.get(row.list_id)!;
    figures.all = Number(row.all);
    figures.shown = Number(row.shown ?? 0);
  }
  const first = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('reading_list_stories')
        .innerJoin('stories', 'stories.id', 'reading_list_stories.story_id')
        .select([
          'reading_list_stories.list_id',
          'stories.id',
          'stories.title',
          'stories.genre',
          'stories.cover_image',
          sql<number>`row_number() over (partition by reading_list_stories.list_id
            order by reading_list_stories.position)`.as('n'),
        ])
        .where('reading_list_stories.list_id', 'in', listIds)
        .where(visibleStory(scope))
        .as('ranked'),
    )
    .select(['ranked.list_id', 'ranked.id', 'ranked.title', 'ranked.genre', 'ranked.cover_image'])
    .where('ranked.n', '<=', covers)
    .orderBy('ranked.list_id')
    .orderBy('ranked.n')
    .execute();
  for (const { list_id, ...story } of first) out.get(list_id)?.first.push(story);
  return out;
}

/** Which of `listIds` hold `storyId`. */
export async function listsHolding(
  db: Exec,
  listIds: string[],
  storyId: string,
): Promise<Set<string>> {
  if (listIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('reading_list_stories')
    .select('list_id')
    .where('story_id', '=', storyId)
    .where('list_id', 'in', listIds)
    .execute();
  return new Set(rows.map((row) => row.list_id));
}

/** Which of `listIds` `userId` follows. */
export async function followedAmong(
  db: Exec,
  userId: string,
  listIds: string[],
): Promise<Set<string>> {
  if (listIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('reading_list_follows')
    .select('list_id')
    .where('user_id', '=', userId)
    .where('list_id', 'in', listIds)
    .execute();
  return new Set(rows.map((row) => row.list_id));
}

/** Follows `listId`; true when it was new. The count moves with it. */
export async function insertFollow(
  db: Exec,
  listId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('reading_list_follows')
    .values({ list_id: listId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['list_id', 'user_id']).doNothing())
    .executeTakeFirst();
  const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (added) await moveFollowers(db, [listId], 1);
  return added;
}

export async function deleteFollow(db: Exec, listId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reading_list_follows')
    .where('list_id', '=', listId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  if (removed) await moveFollowers(db, [listId], -1);
  return removed;
}

async function moveFollowers(db: Exec, listIds: string[], delta: number): Promise<void> {
  if (listIds.length === 0) return;
  await db
    .updateTable('reading_lists')
    .set((eb) => ({ followers_count: eb('followers_count', '+', delta) }))
    .where('id', 'in', listIds)
    .execute();
}

export async function followersCountOf(db: Exec, listId: string): Promise<number> {
  const row = await db
    .selectFrom('reading_lists')
    .select('followers_count')
    .where('id', '=', listId)
    .executeTakeFirst();
  return Math.max(0, Number(row?.followers_count ?? 0));
}

/**
 * Ends `followerId`'s follows of `ownerId`'s lists, counters with them: a block
 * (docs/decisions/024-blocks-and-mutes.md) ends follows both ways, of lists too.
 */
export async function endListFollows(
  trx: Exec,
  followerId: string,
  ownerId: string,
): Promise<void> {
  const rows = await trx
    .selectFrom('reading_list_follows')
    .innerJoin('reading_lists', 'reading_lists.id', 'reading_list_follows.list_id')
    .select('reading_list_follows.list_id')
    .where('reading_list_follows.user_id', '=', followerId)
    .where('reading_lists.owner_id', '=', ownerId)
    .execute();
  const ids = rows.map((row) => row.list_id);
  if (ids.length === 0) return;
  await trx
    .deleteFrom('reading_list_follows')
    .where('user_id', '=', followerId)
    .where('list_id', 'in', ids)
    .execute();
  await moveFollowers(trx, ids, -1);
}

/** An account going: the lists it followed lose it from their counts (its rows cascade). */
export async function forgetFollowerCounts(trx: Exec, userId: string): Promise<void> {
  await trx
    .updateTable('reading_lists')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where(
      'id',
      'in',
      trx.selectFrom('reading_list_follows').select('list_id').where('user_id', '=', userId),
    )
    .execute();
}

/** A page of the public lists `userId` follows, most recently followed first. */
export async function followedListsPage(
  db: Exec,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: ReadingListRow[]; total: number }> {
  const base = db
    .selectFrom('reading_list_follows')
    .innerJoin('reading_lists', 'reading_lists.id', 'reading_list_follows.list_id')
    .innerJoin('users', 'users.id', 'reading_lists.owner_id')
    .where('reading_list_follows.user_id', '=', userId)
    .where('reading_lists.visibility', '=', 'public')
    .where('users.suspended_until', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll('reading_lists')
      .orderBy('reading_list_follows.created_at', 'desc')
      .orderBy('reading_lists.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The user's lists with their entries, for the data export. */
export const listsForExport = (db: Exec, ownerId: string) =>
  db
    .selectFrom('reading_lists')
    .leftJoin('reading_list_stories', 'reading_list_stories.list_id', 'reading_lists.id')
    .leftJoin('stories', 'stories.id', 'reading_list_stories.story_id')
    .leftJoin('users', 'users.id', 'stories.author_id')
    .select([
      'reading_lists.id',
      'reading_lists.name',
      'reading_lists.description',
      'reading_lists.visibility',
      'reading_lists.created_at',
      'reading_lists.updated_at',
      'reading_list_stories.story_id',
      'reading_list_stories.added_at',
      'stories.title',
      'stories.visibility as story_visibility',
      'stories.author_id',
      'users.username as author',
    ])
    .where('reading_lists.owner_id', '=', ownerId)
    .orderBy('reading_lists.position')
    .orderBy('reading_lists.id')
    .orderBy('reading_list_stories.position')
    .execute();

/** The lists the user follows, for the data export. */
export const followedForExport = (db: Exec, userId: string) =>
  db
    .selectFrom('reading_list_follows')
    .select(['list_id', 'created_at as followed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('list_id')
    .execute();
