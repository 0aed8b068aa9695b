import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * A story's word count, for the word count filter of `GET /stories` (issue 23,
 * docs/decisions/031-story-filters.md). Widens the schema (docs/decisions/015-schema-changes.md):
 *
 * - `stories.word_count`: the sum of its published chapters' `word_count`, kept in step with
 *   `chapters_count` by every chapter write (syncStoryAfterChapterChange: save, publish,
 *   unpublish, schedule, delete, restore, hide, unhide) and by story creation. The previous
 *   release does not know it: a chapter it saves during a deploy or after a rollback leaves the
 *   story's sum as it was until the story's next chapter change, which recounts it.
 *
 * The backfill is one statement here, in the migration's transaction: it reads each story's
 * published chapters through chapters' `(story_id, …)` index and writes only the stories that
 * have any. Measured in the decision; no new index (the filters walk the list indexes).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('stories')
    .addColumn('word_count', counter, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update stories set word_count = (
      select coalesce(sum(c.word_count), 0) from chapters c
      where c.story_id = stories.id and c.published = 1)
    where exists (select 1 from chapters c where c.story_id = stories.id and c.published = 1)`.execute(
    db,
  );
}
