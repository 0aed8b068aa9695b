import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sizeLabel } from './options.js';
import type { DbKind } from './types.js';

/** Generator seed: the same seed and size give the same library. */
export const SEED = 42;
const MARKER_FILE = 'bench-seed.json';

/** Where one size's library lives: its own SQLite data directory, or its own PostgreSQL database. */
export interface Library {
  db: DbKind;
  stories: number;
  label: string;
  /** DATA_DIR for the seed and the server (media, outbox; the SQLite file). */
  dataDir: string;
  /** The size's own database (PostgreSQL only). */
  databaseUrl: string | null;
  /** Where that database is created and dropped (PostgreSQL only). */
  adminUrl: string | null;
  /** Seeded with the chapter text index (seed --no-chapter-index when not). */
  chapterText: boolean;
}

export function libraryFor(
  stories: number,
  postgresUrl: string | null,
  root: string,
  chapterText = true,
): Library {
  const label = sizeLabel(stories);
  const db: DbKind = postgresUrl ? 'postgres' : 'sqlite';
  const dataDir = join(root, 'bench', 'data', `${db}-${label.toLowerCase()}`);
  if (!postgresUrl)
    return { db, stories, label, dataDir, databaseUrl: null, adminUrl: null, chapterText };
  const name = `storyloom_bench_${label.toLowerCase()}`;
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${name}`;
  // Never administer from inside a bench database (it may be the one being dropped).
  const admin = new URL(postgresUrl);
  if (admin.pathname.startsWith('/storyloom_bench_')) admin.pathname = '/postgres';
  return {
    db,
    stories,
    label,
    dataDir,
    databaseUrl: databaseUrl.toString(),
    chapterText,
    adminUrl: admin.toString(),
  };
}

/**
 * Variables passed on from the bench's own environment to the seed and the server, for
 * experiments: RENDER_SHED_DELAY_MS (how late the event loop may be before the server answers
 * pages with the app shell) and DATABASE_PREPARED_STATEMENTS (decision 050). Each only when set.
 */
export function experimentEnv(): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of ['RENDER_SHED_DELAY_MS', 'DATABASE_PREPARED_STATEMENTS']) {
    const value = process.env[name];
    if (value) passed[name] = value;
  }
  return passed;
}

export const renderShedDelayMs = (): string | null => experimentEnv().RENDER_SHED_DELAY_MS ?? null;
export const preparedStatements = (): string | null =>
  experimentEnv().DATABASE_PREPARED_STATEMENTS ?? null;

/**
 * The environment for the seed script and the server: only what they need. Nothing is
 * inherited but `experimentEnv()`; in particular not RESPONSE_CACHE_MS, which the mode decides
 * (`extra`).
 */
export function serverEnv(lib: Library, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ...experimentEnv(),
    DATA_DIR: lib.dataDir,
    ...(lib.databaseUrl ? { DATABASE_URL: lib.databaseUrl } : {}),
    ...extra,
  };
}

const databaseName = (lib: Library) => new URL(lib.databaseUrl!).pathname.slice(1);
const quoted = (name: string) => {
  if (!/^storyloom_bench_[a-z0-9]+$/.test(name)) throw new Error(`refusing database '${name}'`);
  return `"${name}"`;
};

async function withAdmin<T>(lib: Library, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: lib.adminUrl!, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * What the library was seeded with; a library is reused only when this matches exactly. Those
 * seeded before the seed wrote notifications (issue 20), ratings, mutes and blocks (issue 21),
 * or daily stats and Recently deleted (issue 22), lack the matching field and are seeded again.
 */
const markerFor = (lib: Library) =>
  JSON.stringify({
    stories: lib.stories,
    seed: SEED,
    notifications: true,
    safety: true,
    stats: true,
    trash: true,
    // Only when left out, so that the libraries seeded before the option are reused as before.
    ...(lib.chapterText ? {} : { chapterText: false }),
  });

async function readMarker(lib: Library): Promise<string | null> {
  if (lib.db === 'sqlite') {
    const file = join(lib.dataDir, MARKER_FILE);
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  }
  return withAdmin(lib, async (client) => {
    const { rows } = await client.query<{ marker: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname = $1",
      [databaseName(lib)],
    );
    return rows[0]?.marker ?? null;
  });
}

async function writeMarker(lib: Library): Promise<void> {
  if (lib.db === 'sqlite') {
    writeFileSync(join(lib.dataDir, MARKER_FILE), `${markerFor(lib)}\n`);
    return;
  }
  const literal = markerFor(lib).replaceAll("'", "''");
  await withAdmin(lib, (client) =>
    client.query(`COMMENT ON DATABASE ${quoted(databaseName(lib))} IS '${literal}'`),
  );
}

/** An empty data directory (and database), so the seed starts from nothing. */
async function wipe(lib: Library): Promise<void> {
  rmSync(lib.dataDir, { recursive: true, force: true });
  mkdirSync(lib.dataDir, { recursive: true });
  if (lib.db === 'postgres') {
    const name = quoted(databaseName(lib));
    await withAdmin(lib, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    });
  }
}

function seedArgs(lib: Library): string[] {
  const args = ['--stories', String(lib.stories), '--seed', String(SEED), '--reset'];
  return lib.chapterText ? args : [...args, '--no-chapter-index'];
}

function runSeed(lib: Library, seedScript: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, [seedScript, ...args], {
    env: serverEnv(lib, {}),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seed exited with ${signal ?? `code ${code}`}`)),
    );
  });
}

/**
 * Seeds the library, or keeps it when `reuse` is set and it was seeded with the same parameters.
 * Answers the seconds the seed took, or null when the library was reused.
 */
export async function prepareLibrary(
  lib: Library,
  seedScript: string,
  reuse: boolean,
): Promise<number | null> {
  const marker = reuse ? await readMarker(lib) : null;
  if (marker === markerFor(lib)) return null;
  const started = performance.now();
  // Seeded without the chapter text index (--no-chapter-text) and now asked with it: the
  // index is all that is missing.
  if (lib.chapterText && marker === markerFor({ ...lib, chapterText: false })) {
    await runSeed(lib, seedScript, ['--chapter-index-only']);
  } else {
    await wipe(lib);
    await runSeed(lib, seedScript, seedArgs(lib));
  }
  await writeMarker(lib);
  return (performance.now() - started) / 1000;
}

/** Read-only SQL on the library, the same text on both databases (`?` placeholders). */
export interface Sql {
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openSql(lib: Library): Promise<Sql> {
  if (lib.db === 'sqlite') {
    const db = new Database(join(lib.dataDir, 'storyloom.db'), {
      readonly: true,
      fileMustExist: true,
    });
    return {
      all: async <T>(text: string, params: readonly unknown[] = []) =>
        db.prepare(text).all(...params) as T[],
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: lib.databaseUrl! });
  await client.connect();
  return {
    all: async <T>(text: string, params: readonly unknown[] = []) => {
      let n = 0;
      const { rows } = await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params as unknown[],
      );
      return rows as T[];
    },
    close: () => client.end(),
  };
}

/** The longest the bench waits for the server's background work to finish before loading it. */
const SETTLE_LIMIT_MS = 30 * 60_000;
const SETTLE_POLL_MS = 1_000;

/**
 * Waits until the server's worker has no job due (apps/api/src/jobs): a library's first start
 * finds the periodic jobs due (revision pruning, the week's digest and its emails), which would
 * otherwise share the cores with the first endpoints measured. Answers the seconds waited;
 * throws past SETTLE_LIMIT_MS, when a job that never finishes would skew every figure.
 */
export async function settleJobs(lib: Library): Promise<number> {
  const sql = await openSql(lib);
  const started = performance.now();
  try {
    for (;;) {
      const [row] = await sql.all<{ due: number | string }>(
        'SELECT count(*) AS due FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ?',
        [new Date().toISOString()],
      );
      const waited = performance.now() - started;
      if (Number(row?.due ?? 0) === 0) return waited / 1000;
      if (waited > SETTLE_LIMIT_MS) {
        throw new Error(
          `the server's worker still has ${row!.due} jobs due after ${SETTLE_LIMIT_MS / 60_000} minutes`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  } finally {
    await sql.close();
  }
}
