import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * A story's numbers per day, for its author's Stats view (issue 22,
 * docs/decisions/030-story-stats.md). Only widens the schema (docs/decisions/015-schema-changes.md):
 * new tables, so the previous release runs unchanged against it.
 *
 * - `story_daily_stats`: per story and UTC day (`YYYY-MM-DD`), the reads counted that day, the
 *   likes given that day that still stand, and the comments written that day that still stand.
 * - `chapter_daily_stats`: per chapter and UTC day, the reads counted that day and how many of
 *   them were signed-in readers reaching the chapter for the first time (a signed-in read counts
 *   once per reader per chapter, ever: decision 008), the drop-off chart's figure.
 *
 * Both are kept by the writes that count (reads, likes, comments) in their own transactions;
 * the history from before this release is filled by the `stats-backfill` job in the worker, a
 * story at a time, never here (the tables it reads can hold millions of rows).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const counter = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('story_daily_stats')
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reads', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('likes', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('comments', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('story_daily_stats_pk', ['story_id', 'day'])
    .execute();

  await db.schema
    .createTable('chapter_daily_stats')
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('reads', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('readers', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chapter_daily_stats_pk', ['chapter_id', 'day'])
    .execute();
  // The Stats view sums a story's chapters over a window of days from this index alone.
  await db.schema
    .createIndex('chapter_daily_stats_story_idx')
    .on('chapter_daily_stats')
    .columns(['story_id', 'day', 'chapter_id', 'reads', 'readers'])
    .execute();
}
