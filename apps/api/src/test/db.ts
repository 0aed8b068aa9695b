import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';

export type TestDbKind = 'sqlite' | 'postgres';

/** Which database the API suite runs on: TEST_DB=sqlite (default) or postgres. */
export const testDbKind = (): TestDbKind =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Server of the machine's PostgreSQL; each test file gets its own fresh database on it. */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDb {
  db: Db;
  /** For PostgreSQL, the URL of the fresh database; for SQLite, the data directory. */
  location: string;
  cleanup(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file, removed again by cleanup(). With `upTo`, the
 * migrations stop at that one (the schema of an earlier release).
 */
export async function createTestDb(options: { upTo?: string } = {}): Promise<TestDb> {
  const migrate = (db: Db) => (options.upTo ? migrateUpTo(db, options.upTo) : migrateToLatest(db));
  if (testDbKind() === 'postgres') {
    const name = `storyloom_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const db = createDb({ kind: 'postgres', url: url.toString() });
    await migrate(db);
    return {
      db,
      location: url.toString(),
      cleanup: async () => {
        await db.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'storyloom-test-'));
  const db = createDb({ kind: 'sqlite', file: join(dir, 'test.db') });
  await migrate(db);
  return {
    db,
    location: dir,
    cleanup: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
