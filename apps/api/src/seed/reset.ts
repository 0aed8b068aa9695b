import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';

/** Children before parents, so deletes never trip a foreign key. */
const TABLES: (keyof Database)[] = [
  'reading_list_follows',
  'reading_list_stories',
  'reading_lists',
  'chapter_daily_stats',
  'story_daily_stats',
  'job_progress',
  'jobs',
  'scheduled_runs',
  'notification_mail_state',
  'notification_actors',
  'notifications',
  'login_codes',
  'refresh_tokens',
  'sessions',
  'anonymous_read_budget',
  'email_tokens',
  'user_settings',
  'comment_likes',
  'comments',
  'reading_progress',
  'chapter_reads',
  'saves',
  'likes',
  'follows',
  'chapter_revisions',
  'chapter_search',
  'chapters',
  'story_tags',
  'stories',
  'users',
];

/** True when the database holds no users and no stories. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const user = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const story = await db.kysely.selectFrom('stories').select('id').limit(1).executeTakeFirst();
  return !user && !story;
}

/** Deletes every row of the product's tables (the schema and migration history stay). */
export async function clearDatabase(db: Db): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`truncate table ${sql.join(TABLES.map((t) => sql.table(t)))} cascade`.execute(
      db.kysely,
    );
    await resetNotificationSeq(db);
    return;
  }
  // With foreign keys off, SQLite empties a table by dropping its pages instead of deleting
  // (and checking) row by row; every table is emptied, so nothing can dangle.
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely);
  await sql`pragma foreign_keys = off`.execute(db.kysely);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      // The chapter text index at once, rather than by chapter_search's trigger row by row.
      await sql`insert into chapter_search_fts (chapter_search_fts) values ('delete-all')`.execute(
        trx,
      );
      for (const table of TABLES) await trx.deleteFrom(table).execute();
    });
  } finally {
    if (rows[0]?.foreign_keys) await sql`pragma foreign_keys = on`.execute(db.kysely);
  }
  await resetNotificationSeq(db);
}

/** The notification counter starts again (its one row stays: the API draws from it). */
const resetNotificationSeq = (db: Db) =>
  db.kysely.updateTable('notification_seq').set({ value: 0 }).where('id', '=', 1).execute();
