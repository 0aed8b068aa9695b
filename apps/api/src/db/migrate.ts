import { setTimeout } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './index.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_search.js';
import * as m003 from './migrations/003_sessions_and_jobs.js';
import * as m004 from './migrations/004_contact_and_authors.js';
import * as m005 from './migrations/005_story_tags_in_order.js';
import * as m006 from './migrations/006_comments.js';
import * as m007 from './migrations/007_comment_rows_index.js';
import * as m008 from './migrations/008_notifications.js';
import * as m009 from './migrations/009_story_ratings.js';
import * as m010 from './migrations/010_blocks_and_mutes.js';
import * as m011 from './migrations/011_moderation.js';
import * as m012 from './migrations/012_chapter_revisions.js';
import * as m013 from './migrations/013_recently_deleted.js';
import * as m014 from './migrations/014_scheduled_chapters.js';
import * as m015 from './migrations/015_series.js';
import * as m016 from './migrations/016_story_stats.js';
import * as m017 from './migrations/017_indexes_built_concurrently.js';
import * as m018 from './migrations/018_story_filters.js';
import * as m019 from './migrations/019_reading_lists.js';
import * as m020 from './migrations/020_chapter_text_search.js';
import * as m021 from './migrations/021_chapter_word_pairs.js';
import * as m022 from './migrations/022_story_filter_indexes.js';
import * as m023 from './migrations/023_story_search_scope.js';
import * as m024 from './migrations/024_search_prefix_lengths.js';

type DialectMigration = {
  up: (db: Parameters<Migration['up']>[0], dialect: Db['dialect']) => Promise<void>;
  /**
   * `false`: runs outside a transaction, for what PostgreSQL cannot do inside one (`create index
   * concurrently`, decision 015). Such a migration holds nothing else, and its `up` finishes
   * the job when run again after a crash part-way through it.
   */
  transaction?: false;
};

/**
 * Migrations in order. Numbered, forward-only; add new ones at the end, and never change one
 * that has shipped (docs/decisions/015-schema-changes.md).
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001_initial': m001,
  '002_search': m002,
  '003_sessions_and_jobs': m003,
  '004_contact_and_authors': m004,
  '005_story_tags_in_order': m005,
  '006_comments': m006,
  '007_comment_rows_index': m007,
  '008_notifications': m008,
  '009_story_ratings': m009,
  '010_blocks_and_mutes': m010,
  '011_moderation': m011,
  '012_chapter_revisions': m012,
  '013_recently_deleted': m013,
  '014_scheduled_chapters': m014,
  '015_series': m015,
  '016_story_stats': m016,
  '017_indexes_built_concurrently': m017,
  '018_story_filters': m018,
  '019_reading_lists': m019,
  '020_chapter_text_search': m020,
  '021_chapter_word_pairs': m021,
  '022_story_filter_indexes': m022,
  '023_story_search_scope': m023,
  '024_search_prefix_lengths': m024,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Db['dialect']) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, this.dialect) } satisfies Migration,
      ]),
    );
  }
}

export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

/** Brings the schema up to date; throws with the failing migration's name. */
export function migrateToLatest(db: Db): Promise<string[]> {
  return run(db, MIGRATION_NAMES.at(-1)!);
}

/**
 * Brings the schema up to `name` and no further: the schema an earlier release shipped with,
 * for the tests that upgrade a database holding that release's data.
 */
export function migrateUpTo(db: Db, name: string): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(name)) throw new Error(`No migration named ${name}`);
  return run(db, name);
}

/** Our own advisory lock's key on PostgreSQL (any fixed number no one else uses). */
const MIGRATION_LOCK = 7_351_002_017n;

/**
 * Runs `work` holding a lock that every process migrating the same database takes, so
 * processes that start together migrate one after the other. Kysely's own lock lasts a
 * transaction: a migration marked `transaction: false` (017's `create index concurrently`, 020's
 * batched backfill) ran outside it, and two processes running one together deadlocked on
 * PostgreSQL or both recorded it on SQLite.
 *
 * PostgreSQL: a session-level advisory lock on one connection of the pool. SQLite: an exclusive
 * transaction on a file of its own beside the database (`<file>.migrating`, empty). Both are
 * released by the database or the operating system when their holder dies, so a killed process
 * never leaves the lock behind. Both are tried every 50 ms rather than waited for: a PostgreSQL
 * statement waiting for the lock would hold a snapshot that the holder's `create index
 * concurrently` waits out (a deadlock no one detects), and SQLite's wait would block the event
 * loop.
 */
async function holdingMigrationLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.connection().execute(async (connection) => {
      const tryLock = sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${sql.lit(MIGRATION_LOCK)}) as locked`;
      await retryUntil(async () => (await tryLock.execute(connection)).rows[0]!.locked);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK)})`.execute(connection);
      }
    });
  }
  if (!db.file || db.file === ':memory:') return work();
  const lock = new SQLite(`${db.file}.migrating`);
  try {
    lock.pragma('busy_timeout = 0');
    await retryUntil(async () => {
      try {
        lock.exec('begin exclusive');
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
        throw error;
      }
    });
    return await work();
  } finally {
    lock.close(); // rolls the lock's empty transaction back
  }
}

async function retryUntil(attempt: () => Promise<boolean>): Promise<void> {
  while (!(await attempt())) await setTimeout(50);
}

/**
 * Applies the pending migrations up to `last`, one at a time, each in a transaction of its own
 * (with its record in Kysely's table) unless it says otherwise: Kysely would otherwise run them
 * all in one, and one marked `transaction: false` could not share it. Which are pending is read
 * under the migration lock, so a process that waited for another applies only what is left.
 */
function run(db: Db, last: string): Promise<string[]> {
  return holdingMigrationLock(db, () => runPending(db, last));
}

async function runPending(db: Db, last: string): Promise<string[]> {
  const provider = new StaticProvider(db.dialect);
  const applied: string[] = [];
  const executed = new Set(
    (await new Migrator({ db: db.kysely, provider }).getMigrations())
      .filter((m) => m.executedAt !== undefined)
      .map((m) => m.name),
  );
  const pending = MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf(last) + 1).filter(
    (name) => !executed.has(name),
  );
  for (const name of pending) {
    const migrator = new Migrator({
      db: db.kysely,
      provider,
      disableTransactions: MIGRATIONS[name]!.transaction === false,
    });
    const { error, results } = await migrator.migrateTo(name);
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
      throw new Error(`Migration ${failed?.migrationName ?? name} failed: ${cause}`);
    }
    applied.push(...(results ?? []).map((r) => r.migrationName));
  }
  return applied;
}
