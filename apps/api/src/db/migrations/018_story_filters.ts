import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';
import { buildIndex } from '../index-builds.js';

/**
 * A story's word count, for the filters of `GET /stories` (issue 23,
 * docs/decisions/031-story-filters.md). Widens the schema (docs/decisions/015-schema-changes.md):
 *
 * - `stories.word_count`: the sum of its published chapters' `word_count`, kept in step with
 *   `chapters_count` by every chapter write (syncStoryAfterChapterChange: save, publish,
 *   unpublish, schedule, delete, restore, hide, unhide) and by story creation. The previous
 *   release does not know it: a chapter it saves during a deploy or after a rollback leaves the
 *   story's sum as it was until the story's next chapter change, which recounts it.
 * - `stories_words_idx`: public stories by word count, which a narrow word range is read from
 *   (the filters' "from the word range" plan).
 * - `stories_status_latest_idx`: public stories by status, newest first. Completed stories are
 *   old ones (a story is finished long after it is first published), so "completed, latest
 *   first" walked along the latest index would pass every recent story before its first match.
 *
 * Outside a transaction (`transaction = false`), so that PostgreSQL builds the indexes
 * `concurrently` while stories keep taking writes, as 017 does. Every step finishes the job when
 * run again after a crash part-way: the column is added only when missing, the backfill is one
 * statement (atomic on its own) that may run twice, and an index a killed build left invalid is
 * dropped and built again. The backfill reads each story's published chapters through
 * chapters_story_idx and writes only the stories that have any.
 */
export const transaction = false;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  if (!(await hasWordCount(db, dialect))) {
    await db.schema
      .alterTable('stories')
      .addColumn('word_count', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update stories set word_count = (
      select coalesce(sum(c.word_count), 0) from chapters c
      where c.story_id = stories.id and c.published = 1)
    where exists (select 1 from chapters c where c.story_id = stories.id and c.published = 1)`.execute(
    db,
  );
  for (const [name, on] of INDEXES) {
    await buildIndex(db, dialect, name, `on stories ${on} where visibility = 'public'`);
  }
}

const INDEXES: [name: string, on: string][] = [
  ['stories_words_idx', '(word_count)'],
  ['stories_status_latest_idx', '(completion_status, published_at desc, id desc)'],
];

async function hasWordCount(db: Kysely<unknown>, dialect: DialectName): Promise<boolean> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`pragma table_info(stories)`.execute(db);
    return rows.some((row) => row.name === 'word_count');
  }
  const { rows } = await sql<{ found: number }>`
    select 1 as found from information_schema.columns
     where table_schema = current_schema() and table_name = 'stories'
       and column_name = 'word_count'`.execute(db);
  return rows.length > 0;
}
