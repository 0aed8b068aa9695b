import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * "Recently deleted" (issue 22, docs/decisions/027-recently-deleted.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md):
 *
 * - `stories.deleted_at` / `chapters.deleted_at`: set while the story or chapter is in its
 *   author's trash. Nullable with no default, so PostgreSQL adds them without rewriting the
 *   tables. A trashed story is also made private and a trashed chapter unpublished, remembering
 *   what they were (`visibility_before_deleted`, `published_before_deleted`), the shapes every
 *   list, search, feed and count — and the previous release during a deploy — already leave
 *   out. The author's own queries add `deleted_at is null`.
 * - `deleted_items`: one row per story or chapter in the trash, with when it goes for good. It
 *   is small by construction (only what is in the trash), so the author's list and the purge
 *   read it by its own indexes, and no index has to be built over the big stories and chapters
 *   tables. A purged story takes its rows with it (ON DELETE CASCADE on `story_id`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema.alterTable('stories').addColumn('deleted_at', ts).execute();
  await db.schema.alterTable('stories').addColumn('visibility_before_deleted', 'text').execute();
  await db.schema.alterTable('chapters').addColumn('deleted_at', ts).execute();
  await db.schema.alterTable('chapters').addColumn('published_before_deleted', 'integer').execute();

  await db.schema
    .createTable('deleted_items')
    // The story's or the chapter's own id: an item is in the trash at most once.
    .addColumn('item_id', id, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('author_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('deleted_at', ts, (c) => c.notNull())
    .addColumn('purge_after', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deleted_items_author_idx')
    .on('deleted_items')
    .columns(['author_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('deleted_items_purge_idx')
    .on('deleted_items')
    .columns(['purge_after', 'item_id'])
    .execute();
  await db.schema
    .createIndex('deleted_items_story_idx')
    .on('deleted_items')
    .column('story_id')
    .execute();
}
