import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Reading lists (issue 23, docs/decisions/033-reading-lists.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md): three new tables the previous release does not read.
 *
 * - `reading_lists`: a reader's named list, public or private, in the owner's order
 *   (`position`); `followers_count` moves with `reading_list_follows` in one transaction.
 *   Gone with its owner.
 * - `reading_list_stories`: its stories, `position` 1…n; a story is in a list once (primary
 *   key). A story deleted for good leaves every list; a story made private, hidden or trashed
 *   stays and is only left out of what others see.
 * - `reading_list_follows`: who follows a list; the primary key answers "does X follow it",
 *   `reading_list_follows_user_idx` "which lists does X follow" and the account cascade.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('reading_lists')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reading_lists_owner_idx')
    .on('reading_lists')
    .columns(['owner_id', 'position'])
    .execute();
  await db.schema
    .createTable('reading_list_stories')
    .addColumn('list_id', id, (c) => c.notNull().references('reading_lists.id').onDelete('cascade'))
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_list_stories_pk', ['list_id', 'story_id'])
    .execute();
  await db.schema
    .createIndex('reading_list_stories_order_idx')
    .on('reading_list_stories')
    .columns(['list_id', 'position'])
    .execute();
  await db.schema
    .createIndex('reading_list_stories_story_idx')
    .on('reading_list_stories')
    .column('story_id')
    .execute();
  await db.schema
    .createTable('reading_list_follows')
    .addColumn('list_id', id, (c) => c.notNull().references('reading_lists.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_list_follows_pk', ['list_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('reading_list_follows_user_idx')
    .on('reading_list_follows')
    .columns(['user_id', 'created_at'])
    .execute();
}
