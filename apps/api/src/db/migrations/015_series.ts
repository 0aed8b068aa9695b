import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Series (issue 22, docs/decisions/029-series.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md): two new tables the previous release does not read.
 *
 * - `series`: an author's named, ordered group of their own stories; gone with its author.
 * - `series_stories`: its parts, `position` 1…n. A story is in at most one series (its id is
 *   the primary key), and leaves it when deleted; a series deleted takes its rows, never its
 *   stories. Read by series in order through the primary key of `(series_id, position)`'s
 *   index, and by story through the primary key.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('series')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('author_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('series_author_idx')
    .on('series')
    .columns(['author_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('series_stories')
    .addColumn('story_id', id, (c) => c.primaryKey().references('stories.id').onDelete('cascade'))
    .addColumn('series_id', id, (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('series_stories_order_idx')
    .on('series_stories')
    .columns(['series_id', 'position'])
    .execute();
}
