import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { ChapterRow, ChaptersTable, Database, NewChapter } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** A chapter that exists for the app: one in "Recently deleted" is as missing as a deleted one. */
export const findChapterById = (db: Exec, id: string): Promise<ChapterRow | undefined> =>
  db
    .selectFrom('chapters')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/**
 * A story's chapters in reading order; drafts left out when `publishedOnly`. Chapters in the
 * trash are never listed (they are unpublished too, and the author's own lists skip them here).
 */
export function listChapters(
  db: Exec,
  storyId: string,
  publishedOnly: boolean,
): Promise<ChapterRow[]> {
  let query = db
    .selectFrom('chapters')
    .selectAll()
    .where('story_id', '=', storyId)
    .where('deleted_at', 'is', null);
  if (publishedOnly) query = query.where('published', '=', 1);
  return query.orderBy('position').orderBy('id').execute();
}

/**
 * A story's table of contents: its chapters in reading order without their text (the index on
 * story_id, position); drafts left out when `publishedOnly`.
 */
export function listChapterSummaries(db: Exec, storyId: string, publishedOnly: boolean) {
  let query = db
    .selectFrom('chapters')
    .select(['id', 'title', 'position', 'published', 'word_count', 'published_at', 'publish_at'])
    .where('story_id', '=', storyId)
    .where('deleted_at', 'is', null);
  if (publishedOnly) query = query.where('published', '=', 1);
  return query.orderBy('position').orderBy('id').execute();
}
export type ChapterSummaryRow = Awaited<ReturnType<typeof listChapterSummaries>>[number];

/**
 * Ids of a story's chapters in order (drafts included, the trash not): the list a reorder
 * rewrites. A chapter in the trash keeps the position it had, to go back to it on restore.
 */
export async function chapterOrder(db: Exec, storyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chapters')
    .select('id')
    .where('story_id', '=', storyId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertChapters(db: Exec, chapters: NewChapter[]): Promise<void> {
  if (chapters.length > 0) await db.insertInto('chapters').values(chapters).execute();
}

export async function updateChapter(
  db: Exec,
  id: string,
  changes: Updateable<ChaptersTable>,
): Promise<void> {
  await db.updateTable('chapters').set(changes).where('id', '=', id).execute();
}

export async function deleteChapter(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('chapters').where('id', '=', id).execute();
}

/** Numbers `orderedIds` 1…n, writing only the rows whose position changes. */
export async function renumber(db: Exec, storyId: string, orderedIds: string[]): Promise<void> {
  const current = await db
    .selectFrom('chapters')
    .select(['id', 'position'])
    .where('story_id', '=', storyId)
    .execute();
  const positionOf = new Map(current.map((row) => [row.id, row.position]));
  for (const [index, id] of orderedIds.entries()) {
    if (positionOf.get(id) !== index + 1) {
      await db
        .updateTable('chapters')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  }
}

/**
 * After any chapter change: stories.chapters_count and word_count (migration 018) recounted from the published rows (under
 * the story lock, so the count is exact) and the story's updated_at bumped.
 */
export async function syncStoryAfterChapterChange(
  db: Exec,
  storyId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('stories')
    .set((eb) => ({
      chapters_count: eb
        .selectFrom('chapters')
        .select((c) => c.fn.countAll<number>().as('n'))
        .where('story_id', '=', storyId)
        .where('published', '=', 1),
      word_count: eb
        .selectFrom('chapters')
        .select(sql<number>`coalesce(sum(word_count), 0)`.as('n'))
        .where('story_id', '=', storyId)
        .where('published', '=', 1),
      updated_at: now,
    }))
    .where('id', '=', storyId)
    .execute();
}
