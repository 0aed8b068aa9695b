import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Library, libraryFor, settleJobs } from './library.js';

/** The columns of the server's jobs table that the wait reads (migration 003). */
const JOBS = `CREATE TABLE jobs (id TEXT PRIMARY KEY, run_at TEXT NOT NULL, done_at TEXT,
  failed_at TEXT)`;

describe('settleJobs', () => {
  let root: string;
  let lib: Library;
  let db: Database.Database;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bench-settle-'));
    lib = libraryFor(2000, null, root);
    mkdirSync(lib.dataDir, { recursive: true });
    db = new Database(join(lib.dataDir, 'storyloom.db'));
    db.exec(JOBS);
  });

  afterEach(() => {
    db.close();
    rmSync(root, { recursive: true, force: true });
  });

  const add = (id: string, runAt: Date, done: 'done' | 'failed' | null = null) =>
    db
      .prepare('INSERT INTO jobs (id, run_at, done_at, failed_at) VALUES (?, ?, ?, ?)')
      .run(
        id,
        runAt.toISOString(),
        done === 'done' ? runAt.toISOString() : null,
        done === 'failed' ? runAt.toISOString() : null,
      );

  it('waits while a job is due, and returns once the worker has done it', async () => {
    add('due', new Date(Date.now() - 60_000));
    setTimeout(
      () =>
        db.prepare('UPDATE jobs SET done_at = ? WHERE id = ?').run(new Date().toISOString(), 'due'),
      1_200,
    );
    const waited = await settleJobs(lib);
    expect(waited).toBeGreaterThanOrEqual(1);
    expect(waited).toBeLessThan(10);
  });

  it('does not wait for jobs done, failed for good, or due only later', async () => {
    const past = new Date(Date.now() - 60_000);
    add('done', past, 'done');
    add('failed', past, 'failed');
    add('later', new Date(Date.now() + 3_600_000));
    expect(await settleJobs(lib)).toBeLessThan(1);
  });
});
