import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, prepareDataDir } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';
import { createUser } from '../test/factories.js';
import { runScript } from '../test/run-script.js';

const SCRIPT = fileURLToPath(new URL('./contact-list.ts', import.meta.url));

const runList = (args: string[], env: NodeJS.ProcessEnv) => runScript(SCRIPT, args, env);

/**
 * The server's database as the script finds it: DATA_DIR/storyloom.db on SQLite, a fresh
 * database named by DATABASE_URL on PostgreSQL.
 */
let dataDir: string;
let db: Db;
let pgDb: TestDb | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storyloom-contact-'));
  if (testDbKind() === 'postgres') {
    pgDb = await createTestDb();
    db = pgDb.db;
    env = { DATA_DIR: dataDir, DATABASE_URL: pgDb.location };
  } else {
    db = createDb({ kind: 'sqlite', file: join(dataDir, 'storyloom.db') });
    await migrateToLatest(db);
    env = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  if (pgDb) await pgDb.cleanup();
  else await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each run starts Node and tsx: seconds apiece on a loaded machine. */
const SLOW = { timeout: 120_000 };

describe('npm run contact:list', () => {
  it('says so when there are no messages', SLOW, async () => {
    const run = await runList([], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('No messages yet.');
  });

  it('prints the stored messages newest first, with topic, sender and account', SLOW, async () => {
    const config = prepareDataDir(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    const app = await buildApp(config, { db, logger: false });
    const reader = await createUser(db, config, { username: 'lantern_reader' });
    const send = async (body: Record<string, unknown>, auth?: { authorization: string }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: body,
        headers: auth ?? {},
      });
      expect(res.statusCode).toBe(201);
    };
    try {
      await send({
        email: 'first@example.com',
        topic: 'question',
        message: 'Is there a way to read offline?',
      });
      await send(
        {
          name: 'Lena Reader',
          email: 'lena@example.com',
          topic: 'report',
          message: 'A story copies my own work.\nHere is where I first posted it.',
        },
        reader.auth,
      );
    } finally {
      // The database was handed to the app, so closing the app leaves it open.
      await app.close();
    }

    // Independent reads of one database: run side by side (each start costs seconds).
    const [run, limited, json] = await Promise.all([
      runList([], env),
      runList(['--limit', '1'], env),
      runList(['--json'], env),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const text = run.stdout;
    expect(text).toContain('2 messages, newest first');
    const newest = text.indexOf('Reporting a story or a person');
    const oldest = text.indexOf('A question about Storyloom');
    expect(newest).toBeGreaterThan(-1);
    expect(oldest).toBeGreaterThan(newest);
    expect(text).toContain('From: Lena Reader <lena@example.com> · account @lantern_reader');
    expect(text).toContain('From: <first@example.com> · no account');
    expect(text).toContain('    A story copies my own work.\n    Here is where I first posted it.');

    expect(limited.stdout).toContain('the newest 1 of 2 messages');
    expect(limited.stdout).not.toContain('first@example.com');

    const lines = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((m) => m.email)).toEqual(['lena@example.com', 'first@example.com']);
    expect(lines[0]).toMatchObject({
      topic: 'report',
      topic_label: 'Reporting a story or a person',
      username: 'lantern_reader',
      name: 'Lena Reader',
    });
  });

  it('refuses a bad --limit and a missing database, with a line saying why', SLOW, async () => {
    const [bad, missing] = await Promise.all([
      runList(['--limit', 'lots'], env),
      runList([], { DATA_DIR: join(dataDir, 'nowhere') }),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--limit must be a whole number');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`No database at ${join(dataDir, 'nowhere', 'storyloom.db')}`);
  });
});
