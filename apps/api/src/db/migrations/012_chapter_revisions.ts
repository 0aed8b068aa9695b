import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Revision history of chapters (issue 22, docs/decisions/026-revision-history.md). Only widens
 * the schema (docs/decisions/015-schema-changes.md): a new table the previous release never
 * reads or writes, so the two run side by side during a deploy. No backfill: the first save of
 * a chapter that has no revision yet records the chapter as it stood before that save, in the
 * save's transaction (modules/revisions/repo.ts), so nothing typed before the upgrade is lost.
 *
 * - `chapter_revisions`: one row per save of a chapter's title or content. `content` is the
 *   sanitized HTML compressed with Brotli (a `bytea`/`blob`); `saved_by` is who saved it.
 *   Deleting a chapter for good deletes its revisions (ON DELETE CASCADE).
 * - `chapter_revisions_chapter_idx` (chapter_id, created_at, id): a chapter's history newest
 *   first, its count, and the pruning job's per-chapter scan.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('chapter_revisions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('saved_by', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chapter_revisions_chapter_idx')
    .on('chapter_revisions')
    .columns(['chapter_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('chapter_revisions_saved_by_idx')
    .on('chapter_revisions')
    .column('saved_by')
    .execute();
}
