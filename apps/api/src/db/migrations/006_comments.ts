import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Comments on chapters and on their paragraphs (issue 19, docs/decisions/021-comment-anchors.md).
 * Only widens the schema (docs/decisions/015-schema-changes.md): new tables and one nullable
 * column, so the previous release runs unchanged against it. `stories.comments_count` has
 * existed since 001 and held 0 everywhere, which is right for a library with no comments.
 *
 * - `chapters.paragraph_keys`: JSON array of one key per paragraph, in order. Null until the
 *   chapter is next saved or first gets a paragraph comment; a null array is computed from
 *   the content when it is needed, so no backfill has to run first.
 * - `comments`: one row per comment or reply. `story_id` is the chapter's story, kept so that
 *   the story's author and counters are one lookup away. `author_id` becomes null when the
 *   account is deleted; the comment keeps its place. `paragraph_key` is the paragraph's key
 *   (replies carry their parent's); it is set to null when the paragraph leaves the chapter,
 *   and `paragraph_excerpt` then says which passage it was on. A deleted comment that has
 *   replies stays as a placeholder (`deleted_at` set, `body` emptied); any other is removed.
 * - `comment_likes`: who liked which comment; `comments.likes_count` counts them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const ts = pg ? 'timestamptz' : 'text';
  const counter = pg ? 'bigint' : 'integer';

  await db.schema.alterTable('chapters').addColumn('paragraph_keys', 'text').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('author_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('parent_id', id, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('paragraph_key', 'text')
    .addColumn('paragraph_excerpt', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('likes_count', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('replies_count', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('edited_at', ts)
    .addColumn('deleted_at', ts)
    .execute();

  // A thread's first page, newest or oldest first (ids are UUID v7: time-ordered), and its
  // total, from the index alone. The chapter-level thread (`paragraph_key is null`) has its
  // own pair: PostgreSQL reads `is null` as a filter, not an equality, and would otherwise not
  // return the rows in index order.
  await sql`create index comments_thread_idx on comments (chapter_id, paragraph_key, id)
    where parent_id is null and paragraph_key is not null`.execute(db);
  await sql`create index comments_chapter_thread_idx on comments (chapter_id, id)
    where parent_id is null and paragraph_key is null`.execute(db);
  // The same threads, most liked first.
  await sql`create index comments_top_idx on comments (chapter_id, paragraph_key, likes_count, id)
    where parent_id is null and paragraph_key is not null`.execute(db);
  await sql`create index comments_chapter_top_idx on comments (chapter_id, likes_count, id)
    where parent_id is null and paragraph_key is null`.execute(db);
  // The reader's paragraph counts: one grouped read of this index.
  await sql`create index comments_counts_idx on comments (chapter_id, paragraph_key)
    where parent_id is null and deleted_at is null`.execute(db);
  // Every comment of a chapter: its visible count when it is published or unpublished, the
  // keys a save detaches, and the cascade when it is deleted.
  await db.schema
    .createIndex('comments_chapter_idx')
    .on('comments')
    .columns(['chapter_id', 'paragraph_key'])
    .execute();
  await db.schema
    .createIndex('comments_replies_idx')
    .on('comments')
    .columns(['parent_id', 'id'])
    .execute();
  // A writer's own comments (the data export, the duplicate check) and the cascades.
  await db.schema
    .createIndex('comments_author_idx')
    .on('comments')
    .columns(['author_id', 'id'])
    .execute();
  await db.schema.createIndex('comments_story_idx').on('comments').column('story_id').execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', id, (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('comment_likes_user_idx')
    .on('comment_likes')
    .columns(['user_id', 'comment_id'])
    .execute();
}
