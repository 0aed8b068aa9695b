import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, StoryRow } from '../../db/types.js';
import { readCounted } from '../stories/ranking.js';
import { changeStoryCounters } from '../stories/repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Reads the story and takes its row lock before anything else in a read's transaction
 * (PostgreSQL), in the same order as every story and chapter write, so a read never deadlocks
 * with a chapter being moved or deleted. (SQLite transactions hold the single write lock.)
 */
export function lockStoryForRead(
  trx: Transaction<Database>,
  dialect: DialectName,
  storyId: string,
): Promise<StoryRow | undefined> {
  const query = trx
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', storyId)
    .where('deleted_at', 'is', null);
  return (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** Records a read unless this reader already has one for the chapter; true when it is new. */
export async function insertRead(
  db: Exec,
  read: {
    chapterId: string;
    storyId: string;
    readerKey: string;
    userId: string | null;
    at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('chapter_reads')
    .values({
      chapter_id: read.chapterId,
      reader_key: read.readerKey,
      user_id: read.userId,
      story_id: read.storyId,
      read_at: read.at,
    })
    .onConflict((oc) => oc.columns(['chapter_id', 'reader_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes back a read inserted earlier in the same transaction (its budget was spent). */
export async function deleteRead(db: Exec, chapterId: string, readerKey: string): Promise<void> {
  await db
    .deleteFrom('chapter_reads')
    .where('chapter_id', '=', chapterId)
    .where('reader_key', '=', readerKey)
    .execute();
}

/**
 * Spends one of the address's visitor reads of the chapter today; false when all `budget` are
 * spent. One statement, so concurrent reads from the address never spend more than `budget`.
 */
export async function spendReadBudget(
  db: Exec,
  spend: { addressKey: string; chapterId: string; day: string; budget: number },
): Promise<boolean> {
  const result = await db
    .insertInto('anonymous_read_budget')
    .values({
      address_key: spend.addressKey,
      chapter_id: spend.chapterId,
      day: spend.day,
      reads: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['address_key', 'chapter_id'])
        .doUpdateSet((eb) => ({ reads: eb('anonymous_read_budget.reads', '+', 1) }))
        .where('anonymous_read_budget.reads', '<', spend.budget),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Budgets of days before `day`: their address keys died with their day's salt. */
export async function purgeReadBudgetsBefore(db: Exec, day: string): Promise<void> {
  await db.deleteFrom('anonymous_read_budget').where('day', '<', day).execute();
}

/**
 * A counted read moves the story's reads_count and ranking (stories/ranking.ts) and the
 * chapter's reads_count: in the transaction that inserted the read.
 */
export async function countRead(
  db: Exec,
  dialect: DialectName,
  storyId: string,
  chapterId: string,
  at: string,
): Promise<void> {
  await changeStoryCounters(db, storyId, (eb) => readCounted(eb, dialect, at));
  await db
    .updateTable('chapters')
    .set((eb) => ({ reads_count: eb('reads_count', '+', 1) }))
    .where('id', '=', chapterId)
    .execute();
}

export async function readCounts(
  db: Exec,
  chapterId: string,
): Promise<{ chapter: number; story: number } | undefined> {
  const row = await db
    .selectFrom('chapters as c')
    .innerJoin('stories as s', 's.id', 'c.story_id')
    .select(['c.reads_count as chapter', 's.reads_count as story'])
    .where('c.id', '=', chapterId)
    .executeTakeFirst();
  return row && { chapter: Number(row.chapter), story: Number(row.story) };
}

/** Where the user is in the story: one row per (user, story), moved to the chapter just opened. */
export async function saveProgress(
  db: Exec,
  progress: {
    userId: string;
    storyId: string;
    chapterId: string;
    position: number;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('reading_progress')
    .values({
      user_id: progress.userId,
      story_id: progress.storyId,
      chapter_id: progress.chapterId,
      chapter_position: progress.position,
      updated_at: progress.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'story_id']).doUpdateSet({
        chapter_id: progress.chapterId,
        chapter_position: progress.position,
        updated_at: progress.at,
      }),
    )
    .execute();
}

/** The chapter the user last opened in the story, at its current position; drafts excluded. */
export async function progressOf(
  db: Exec,
  userId: string,
  storyId: string,
): Promise<{ chapter_id: string; order: number } | null> {
  const row = await db
    .selectFrom('reading_progress as p')
    .innerJoin('chapters as c', 'c.id', 'p.chapter_id')
    .select(['p.chapter_id', 'c.position'])
    .where('p.user_id', '=', userId)
    .where('p.story_id', '=', storyId)
    .where('c.published', '=', 1)
    .executeTakeFirst();
  return row ? { chapter_id: row.chapter_id, order: row.position } : null;
}

export type ContinueRow = StoryRow & {
  progress_chapter_id: string;
  progress_chapter_order: number;
  progress_chapter_title: string;
  progress_updated_at: string;
};

/**
 * The user's stories in progress, most recently read first (reading_progress_user_idx): only
 * public stories whose chapter is still published.
 */
export async function continueReadingPage(
  db: Exec,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ rows: ContinueRow[]; total: number }> {
  const base = db
    .selectFrom('reading_progress as p')
    .innerJoin('stories as s', 's.id', 'p.story_id')
    .innerJoin('chapters as c', 'c.id', 'p.chapter_id')
    .where('p.user_id', '=', userId)
    .where('s.visibility', '=', 'public')
    .where('c.published', '=', 1);
  const rows = await base
    .selectAll('s')
    .select([
      'p.chapter_id as progress_chapter_id',
      'c.position as progress_chapter_order',
      'c.title as progress_chapter_title',
      'p.updated_at as progress_updated_at',
    ])
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.story_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** The author's side of the stats: every story they wrote, private included. */
export async function writingStats(db: Exec, authorId: string) {
  const row = await db
    .selectFrom('stories')
    .select((eb) => [
      eb.fn.countAll<number>().as('stories'),
      eb.fn.sum<number | null>('reads_count').as('reads'),
      eb.fn.sum<number | null>('votes_count').as('likes'),
    ])
    .where('author_id', '=', authorId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    stories: Number(row.stories),
    reads: Number(row.reads ?? 0),
    likes: Number(row.likes ?? 0),
  };
}

/**
 * The reader's side: distinct chapters read (and their words) ever, and chapters and stories
 * first read since `since` (chapter_reads_user_idx).
 */
export async function readingStats(db: Exec, userId: string, since: string) {
  // Reads of a story or chapter in its author's Recently deleted count as a deletion left
  // them: not at all (docs/decisions/027-recently-deleted.md).
  const lifetime = await db
    .selectFrom('chapter_reads as r')
    .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
    .innerJoin('stories as s', 's.id', 'r.story_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('chapters'),
      eb.fn.sum<number | null>('c.word_count').as('words'),
    ])
    .where('r.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const recent = await db
    .selectFrom('chapter_reads as r')
    .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
    .innerJoin('stories as s', 's.id', 'r.story_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('chapters'),
      eb.fn.count<number>('r.story_id').distinct().as('stories'),
    ])
    .where('r.user_id', '=', userId)
    .where('r.read_at', '>=', since)
    .where('c.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  // The genre of the stories whose chapters the reader read most; a tie goes to the genre read
  // most recently. Walks the reader's own reads (chapter_reads_user_idx) and their stories.
  const favourite = await db
    .selectFrom('chapter_reads as r')
    .innerJoin('stories as s', 's.id', 'r.story_id')
    .innerJoin('chapters as c', 'c.id', 'r.chapter_id')
    .select('s.genre')
    .where('r.user_id', '=', userId)
    .where('s.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .groupBy('s.genre')
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .orderBy((eb) => eb.fn.max('r.read_at'), 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    favouriteGenre: favourite?.genre ?? null,
    chapters: Number(lifetime.chapters),
    words: Number(lifetime.words ?? 0),
    monthChapters: Number(recent.chapters),
    monthStories: Number(recent.stories),
  };
}
