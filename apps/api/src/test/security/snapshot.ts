import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/** Every table the app writes (the search index tables follow `stories` by trigger). */
const TABLES = [
  'users',
  'stories',
  'story_tags',
  'chapters',
  'follows',
  'likes',
  'saves',
  'chapter_reads',
  'reading_progress',
  'user_settings',
  'email_tokens',
  'reader_salts',
  'sessions',
  'refresh_tokens',
  'login_codes',
  'anonymous_read_budget',
  'jobs',
  'contact_messages',
  'comments',
  'comment_likes',
  'notifications',
  'notification_actors',
  'notification_seq',
  'notification_mail_state',
  'scheduled_runs',
  'job_progress',
  'blocks',
  'mutes',
] as const satisfies readonly (keyof Database)[];

/**
 * Bookkeeping that any authenticated request may write, accepted or not: a session's
 * `last_used_at` (moved at most once a minute). Only updates of the listed columns count, and
 * the ignored column is left out of the hash.
 */
const COUNTED_UPDATES: Partial<Record<(typeof TABLES)[number], string[]>> = {
  sessions: ['user_id', 'method', 'device', 'user_agent', 'network', 'ended_at', 'end_reason'],
};
const IGNORED_COLUMNS: Partial<Record<(typeof TABLES)[number], string>> = {
  sessions: 'last_used_at',
};
const updateOf = (table: (typeof TABLES)[number]) => {
  const columns = COUNTED_UPDATES[table];
  return columns ? `update of ${columns.join(', ')}` : 'update';
};

/** Table (or `files`) -> `N rows:hash:N writes`: what a rejected request must leave as it was. */
export type Snapshot = Record<string, string>;

/**
 * Test-only triggers that count committed row writes per table (a rolled-back write rolls its
 * count back too). They tell cheaply which tables need their content hashed again.
 */
export async function installWriteCounters(db: Db): Promise<void> {
  await sql`create table fuzz_writes (tbl text primary key, n integer not null default 0)`.execute(
    db.kysely,
  );
  for (const table of TABLES) {
    await sql`insert into fuzz_writes (tbl) values (${table})`.execute(db.kysely);
  }
  if (db.dialect === 'postgres') {
    await sql`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`.execute(
      db.kysely,
    );
    for (const table of TABLES) {
      await sql`create trigger ${sql.raw(`fuzz_${table}`)} after insert or ${sql.raw(updateOf(table))} or delete
        on ${sql.table(table)} for each row execute function fuzz_count()`.execute(db.kysely);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      const what = event === 'update' ? updateOf(table) : event;
      await sql`create trigger ${sql.raw(`fuzz_${table}_${event}`)} after ${sql.raw(what)}
        on ${sql.table(table)} begin
          update fuzz_writes set n = n + 1 where tbl = ${sql.lit(table)}; end`.execute(db.kysely);
    }
  }
}

const digest = (lines: string[]) =>
  createHash('sha256').update(lines.sort().join('\n')).digest('hex').slice(0, 16);

function filesUnder(dir: string, root = dir): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? filesUnder(path, root) : [`${relative(root, path)}:${stat.size}`];
  });
}

/**
 * Takes snapshots. A table's rows are counted and hashed again only when its write count moved,
 * so a rejected request costs one small query.
 */
export function createSnapshotter(db: Db, dataDir: string) {
  const known = new Map<string, { writes: number; state: string }>();

  async function tableState(table: (typeof TABLES)[number], writes: number): Promise<string> {
    const cached = known.get(table);
    if (cached?.writes === writes) return cached.state;
    const rows = await db.kysely.selectFrom(table).selectAll().execute();
    const ignored = IGNORED_COLUMNS[table];
    const kept = rows.map((row) =>
      ignored ? Object.fromEntries(Object.entries(row).filter(([key]) => key !== ignored)) : row,
    );
    const state = `${rows.length} rows:${digest(kept.map((row) => JSON.stringify(row)))}`;
    known.set(table, { writes, state });
    return state;
  }

  /**
   * Work an accepted request queued (a reset link, a mail) finishes in the background; wait
   * for the queue to be empty, so what it writes is not taken for a rejected request's doing.
   */
  async function queueSettled(): Promise<void> {
    for (let waited = 0; waited < 10_000; waited += 20) {
      const pending = await db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('done_at', 'is', null)
        // Not what a request queued: this week's digest, before its Monday morning.
        .where('run_at', '<=', new Date().toISOString())
        .limit(1)
        .executeTakeFirst();
      if (!pending) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the job queue did not settle within 10 s');
  }

  return async function snapshot(): Promise<Snapshot> {
    await queueSettled();
    const { rows } = await sql<{ tbl: string; n: number }>`select tbl, n from fuzz_writes`.execute(
      db.kysely,
    );
    const writes = new Map(rows.map((r) => [r.tbl, Number(r.n)]));
    const out: Snapshot = {};
    for (const table of TABLES) {
      const n = writes.get(table) ?? -1;
      out[table] = `${await tableState(table, n)}:${n} writes`;
    }
    const files = filesUnder(dataDir);
    out.files = `${files.length} files:${digest(files)}`;
    return out;
  };
}

/** The parts that differ, e.g. `stories 3:… -> 4:…`; empty when nothing changed. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after })
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key} ${before[key]} -> ${after[key]}`);
}
