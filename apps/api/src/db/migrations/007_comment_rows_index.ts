import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Every comment of a chapter, by thread: replaces 006's `comments_chapter_idx
 * (chapter_id, paragraph_key)`, which held replies beside top-level comments. SQLite, which runs
 * without planner statistics here, chose that index to count a chapter-level thread because two
 * of its columns matched, then read every row of the chapter to test `parent_id is null`:
 * 3.7–6.1 ms for a busy chapter at 1M stories, against 0.4 ms through the thread's own index
 * (docs/performance.md, Comments). With `parent_id` second and `deleted_at` last, the thread's
 * total, the paragraph counts and the chapter's visible count are all read from the index
 * alone, whichever index the planner picks; the uses of the old one (detaching keys on a save,
 * the cascade when a chapter is deleted) still seek `chapter_id`.
 *
 * Only indexes change (docs/decisions/015-schema-changes.md): the new one is built before the
 * old one is dropped, and the previous release runs unchanged against either.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex('comments_chapter_rows_idx')
    .on('comments')
    .columns(['chapter_id', 'parent_id', 'paragraph_key', 'deleted_at'])
    .execute();
  await sql`drop index comments_chapter_idx`.execute(db);
}
