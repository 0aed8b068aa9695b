import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * The product's schema. Column types differ per dialect only where the engines differ
 * (uuid/timestamptz/double on PostgreSQL); the values the app sees are the same.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const ts = pg ? 'timestamptz' : 'text';
  const float = pg ? 'double precision' : 'real';
  const publicOnly = sql<boolean>`visibility = 'public'`;

  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('email_verified_at', ts)
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bio', 'text')
    .addColumn('profile_pic', 'text')
    .addColumn('followers_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stories_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);

  await db.schema
    .createTable('stories')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('author_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) =>
      c.notNull().check(sql`visibility in ('public', 'private')`),
    )
    .addColumn('cover_image', 'text')
    .addColumn('reads_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('votes_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('chapters_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popular_score', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trending_score', float, (c) => c.notNull().defaultTo(0))
    .addColumn('allow_comments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mature_content', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_status', 'text', (c) =>
      c.notNull().defaultTo('ongoing').check(sql`completion_status in ('ongoing', 'completed')`),
    )
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('English'))
    .addColumn('copyright', 'text', (c) => c.notNull().defaultTo('All Rights Reserved'))
    .addColumn('published_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // One index per list the product shows. Public lists use partial indexes so private
  // stories cost nothing there; every order ends in id for a deterministic tie-break.
  const storyIndex = (name: string, columns: string[], partial: boolean) => {
    let builder = db.schema.createIndex(name).on('stories').columns(columns);
    if (partial) builder = builder.where(publicOnly);
    return builder.execute();
  };
  await storyIndex('stories_author_idx', ['author_id', 'created_at desc', 'id desc'], false);
  await storyIndex(
    'stories_author_public_idx',
    ['author_id', 'published_at desc', 'id desc'],
    true,
  );
  await storyIndex('stories_latest_idx', ['published_at desc', 'id desc'], true);
  await storyIndex('stories_genre_latest_idx', ['genre', 'published_at desc', 'id desc'], true);
  await storyIndex('stories_popular_idx', ['popular_score desc', 'id desc'], true);
  await storyIndex('stories_genre_popular_idx', ['genre', 'popular_score desc', 'id desc'], true);
  await storyIndex('stories_trending_idx', ['trending_score desc', 'id desc'], true);
  await storyIndex('stories_genre_trending_idx', ['genre', 'trending_score desc', 'id desc'], true);

  await db.schema
    .createTable('story_tags')
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_tags_pk', ['story_id', 'tag_key'])
    .execute();
  await db.schema
    .createIndex('story_tags_tag_idx')
    .on('story_tags')
    .columns(['tag_key', 'story_id'])
    .execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reads_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chapters_story_idx')
    .on('chapters')
    .columns(['story_id', 'position'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema
    .createIndex('follows_follower_idx')
    .on('follows')
    .columns(['follower_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('follows_followee_idx')
    .on('follows')
    .columns(['followee_id', 'created_at desc'])
    .execute();

  for (const table of ['likes', 'saves'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'story_id'])
      .execute();
    await db.schema
      .createIndex(`${table}_user_idx`)
      .on(table)
      .columns(['user_id', 'created_at desc'])
      .execute();
    await db.schema.createIndex(`${table}_story_idx`).on(table).column('story_id').execute();
  }

  await db.schema
    .createTable('chapter_reads')
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('reader_key', 'text', (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('read_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('chapter_reads_pk', ['chapter_id', 'reader_key'])
    .execute();
  await db.schema
    .createIndex('chapter_reads_user_idx')
    .on('chapter_reads')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema
    .createIndex('chapter_reads_story_idx')
    .on('chapter_reads')
    .column('story_id')
    .execute();

  await db.schema
    .createTable('reading_progress')
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('story_id', id, (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('chapter_position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_progress_pk', ['user_id', 'story_id'])
    .execute();
  await db.schema
    .createIndex('reading_progress_user_idx')
    .on('reading_progress')
    .columns(['user_id', 'updated_at desc'])
    .execute();
  await db.schema
    .createIndex('reading_progress_story_idx')
    .on('reading_progress')
    .column('story_id')
    .execute();
  await db.schema
    .createIndex('reading_progress_chapter_idx')
    .on('reading_progress')
    .column('chapter_id')
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('verify_email', 'reset_password')`),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_tokens_user_idx')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
}
