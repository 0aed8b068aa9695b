import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig, prepareDataDir } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import type { TestApp } from '../test/app.js';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';
import { createUser } from '../test/factories.js';
import { call, createStory } from '../test/stories.js';

/**
 * DATABASE_READ_URL (docs/decisions/037-shared-state-and-read-replicas.md). Which pool answered
 * is told by what it holds: the "replica" here is a second database, migrated and empty, and
 * read-only (default_transaction_read_only), so a visitor's read that reached it sees nothing
 * and a write that reached it would fail. A real replica holds what the primary does, a moment
 * later.
 */
describe.runIf(testDbKind() === 'postgres')('read replica routing', () => {
  let primary: TestDb;
  let replicaDb: TestDb;
  let db: Db;
  let t: TestApp;
  let config: Config;
  let dataDir: string;

  beforeAll(async () => {
    primary = await createTestDb();
    replicaDb = await createTestDb();
    const readUrl = new URL(replicaDb.location);
    readUrl.searchParams.set('options', '-c default_transaction_read_only=on');
    dataDir = mkdtempSync(join(tmpdir(), 'storyloom-replica-'));
    config = prepareDataDir(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DATABASE_URL: primary.location,
        DATABASE_READ_URL: readUrl.toString(),
      }),
    );
    db = createDb({ kind: 'postgres', url: primary.location, readUrl: readUrl.toString() });
    const app = await buildApp(config, { db, logger: false });
    t = { app, config, testDb: primary, close: async () => {} };
  });

  afterAll(async () => {
    await t?.app.close();
    await db?.close();
    await replicaDb?.cleanup();
    await primary?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers visitors' public reads from the replica, and everything of a signed-in caller from the primary", async () => {
    const author = await createUser(primary.db, config);
    const story = await createStory(t, author.auth, { title: 'On the primary' });

    // The author sees their own write at once: their stories, the story, its chapters, lists.
    const mine = await call(t, 'GET', '/users/me/stories', author.auth);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(JSON.stringify(mine.body.data)).toContain('On the primary');
    expect((await call(t, 'GET', `/stories/${story.id}`, author.auth)).status).toBe(200);
    expect((await call(t, 'GET', `/stories/${story.id}/chapters`, author.auth)).status).toBe(200);
    const signedInList = await call(t, 'GET', '/stories', author.auth);
    expect(signedInList.body.data.items.map((s: { id: string }) => s.id)).toContain(story.id);
    expect((await call(t, 'GET', '/notifications', author.auth)).status).toBe(200);

    // A visitor's reads reach the (empty) replica: no stories, and the story is not found.
    const visitorList = await call(t, 'GET', '/stories');
    expect(visitorList.status).toBe(200);
    expect(visitorList.body.data.items).toEqual([]);
    expect((await call(t, 'GET', `/stories/${story.id}`)).status).toBe(404);
    const search = await call(t, 'GET', '/stories/search?q=primary');
    expect(search.status).toBe(200);
    expect(search.body.data.items).toEqual([]);
    expect((await call(t, 'GET', `/users/${author.user.username}`)).status).toBe(404);

    // Writes and authentication go to the primary, whoever calls (the replica refuses writes).
    const second = await createStory(t, author.auth, { title: 'Second' });
    expect(second.id).toBeTruthy();
  });
});
