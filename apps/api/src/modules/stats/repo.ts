import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

export interface DayChange {
  reads?: number;
  likes?: number;
  comments?: number;
}

/**
 * Adds `change` to the story's row of `day`, creating it: one upsert, so concurrent events
 * compose. Called in the transaction of the write it counts, after that write moved the
 * story's own counters (so it holds the story's row lock, like the backfill: decision 030).
 */
export async function addToStoryDay(
  db: Exec,
  storyId: string,
  day: string,
  change: DayChange,
): Promise<void> {
  const reads = change.reads ?? 0;
  const likes = change.likes ?? 0;
  const comments = change.comments ?? 0;
  await db
    .insertInto('story_daily_stats')
    .values({ story_id: storyId, day, reads, likes, comments })
    .onConflict((oc) =>
      oc.columns(['story_id', 'day']).doUpdateSet((eb) => ({
        reads: eb('story_daily_stats.reads', '+', eb.ref('excluded.reads')),
        likes: eb('story_daily_stats.likes', '+', eb.ref('excluded.likes')),
        comments: eb('story_daily_stats.comments', '+', eb.ref('excluded.comments')),
      })),
    )
    .execute();
}

/** A counted read of a chapter on `day`; `reader` when a signed-in reader reached it first. */
export async function addChapterRead(
  db: Exec,
  read: { chapterId: string; storyId: string; day: string; firstByReader: boolean },
): Promise<void> {
  await db
    .insertInto('chapter_daily_stats')
    .values({
      chapter_id: read.chapterId,
      day: read.day,
      story_id: read.storyId,
      reads: 1,
      readers: read.firstByReader ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.columns(['chapter_id', 'day']).doUpdateSet((eb) => ({
        reads: eb('chapter_daily_stats.reads', '+', eb.ref('excluded.reads')),
        readers: eb('chapter_daily_stats.readers', '+', eb.ref('excluded.readers')),
      })),
    )
    .execute();
  await addToStoryDay(db, read.storyId, read.day, { reads: 1 });
}

/** The story's rows from `from` to `to` (inclusive), by day: rows exist only for busy days. */
export function storyDays(db: Exec, storyId: string, from: string, to: string) {
  return db
    .selectFrom('story_daily_stats')
    .select(['day', 'reads', 'likes', 'comments'])
    .where('story_id', '=', storyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** A chapter's sums: reads and first readers in each window asked for, and readers ever. */
export interface ChapterSums {
  reads: number[];
  readers: number[];
  readersEver: number;
}

/**
 * Per chapter, summed from the daily rows up to `to` in one pass of
 * chapter_daily_stats_story_idx: reads and first readers from each of `froms` on, and readers
 * ever.
 */
export async function chapterSums(
  db: Exec,
  storyId: string,
  window: { froms: readonly string[]; to: string },
): Promise<Map<string, ChapterSums>> {
  const { froms, to } = window;
  const inWindow = (column: 'reads' | 'readers', from: string) =>
    sql<number | string | null>`sum(case when day >= ${from} then ${sql.ref(column)} else 0 end)`;
  const rows = (await db
    .selectFrom('chapter_daily_stats')
    .select((eb) => [
      'chapter_id',
      eb.fn.sum<number | string>('readers').as('readers_ever'),
      ...froms.flatMap((from, i) => [
        inWindow('reads', from).as(`reads_${i}`),
        inWindow('readers', from).as(`readers_${i}`),
      ]),
    ])
    .where('story_id', '=', storyId)
    .where('day', '<=', to)
    .groupBy('chapter_id')
    .execute()) as Record<string, unknown>[];
  const count = (value: unknown) => Number(value ?? 0);
  return new Map(
    rows.map((row) => [
      String(row.chapter_id),
      {
        reads: froms.map((_, i) => count(row[`reads_${i}`])),
        readers: froms.map((_, i) => count(row[`readers_${i}`])),
        readersEver: count(row.readers_ever),
      },
    ]),
  );
}

/**
 * The story (not in Recently deleted) with its row of `day`, in one statement: the row's
 * counts are null on a day without one.
 */
export function storyWithDay(db: Exec, storyId: string, day: string) {
  return db
    .selectFrom('stories as s')
    .leftJoin('story_daily_stats as d', (join) =>
      join.onRef('d.story_id', '=', 's.id').on('d.day', '=', day),
    )
    .select(['s.id', 's.title', 's.author_id', 's.visibility', 'd.reads', 'd.likes', 'd.comments'])
    .where('s.id', '=', storyId)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The story's chapters in order, drafts included (the view is its author's), those in Recently
 * deleted left out: they come back with their figures when restored. Each with its row of
 * `day` (reads and first readers, null without one), in the same statement.
 */
export function chaptersWithDay(db: Exec, storyId: string, day: string) {
  return db
    .selectFrom('chapters as c')
    .leftJoin('chapter_daily_stats as d', (join) =>
      join.onRef('d.chapter_id', '=', 'c.id').on('d.day', '=', day),
    )
    .select(['c.id', 'c.title', 'c.published', 'd.reads', 'd.readers'])
    .where('c.story_id', '=', storyId)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.position')
    .execute();
}

/** SQL for the UTC day of a timestamp column, on either engine. */
export function dayOf(dialect: DialectName, column: string) {
  return dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}
