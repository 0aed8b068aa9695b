import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, prepareDataDir } from '../config.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Upgrades of a database that holds data (docs/decisions/015-schema-changes.md): the database
 * is migrated only as far as an earlier release shipped, filled the way that release wrote its
 * rows, then migrated to the latest schema; nothing may be lost and the app must read it all.
 * Each migration that changes what is stored adds a case from the schema before it.
 */

/** Rows are written untyped: they have the shape of the old schema, not of today's types. */
type OldDb = Kysely<Record<string, Record<string, unknown>>>;

const AT = '2026-10-01T12:00:00.000Z';
const ALICE = '0190a0a0-0000-7000-8000-00000000a11c';
const BRAM = '0190a0a0-0000-7000-8000-0000000b2a30';
const PUBLIC_STORY = '0190a0a0-0000-7000-8000-0000000005a1';
const PRIVATE_STORY = '0190a0a0-0000-7000-8000-0000000005a2';
const CHAPTER = '0190a0a0-0000-7000-8000-00000000c0a1';

/** A small library as the release with migration 001 alone wrote it. */
async function fillAt001(db: OldDb): Promise<void> {
  const user = (id: string, username: string) => ({
    id,
    username,
    email: `${username.toLowerCase()}@example.com`,
    password_hash: null,
    email_verified_at: AT,
    followers_count: 0,
    following_count: 0,
    stories_count: 1,
    created_at: AT,
    updated_at: AT,
  });
  await db
    .insertInto('users')
    .values([user(ALICE, 'Alice'), user(BRAM, 'Bram')])
    .execute();
  await db.updateTable('users').set({ followers_count: 1 }).where('id', '=', ALICE).execute();
  await db.updateTable('users').set({ following_count: 1 }).where('id', '=', BRAM).execute();
  const story = (id: string, title: string, visibility: string) => ({
    id,
    author_id: id === PUBLIC_STORY ? ALICE : BRAM,
    title,
    description: `${title}, a story kept since the first release.`,
    genre: 'Fantasy',
    visibility,
    votes_count: visibility === 'public' ? 1 : 0,
    chapters_count: 1,
    published_at: visibility === 'public' ? AT : null,
    created_at: AT,
    updated_at: AT,
  });
  await db
    .insertInto('stories')
    .values([
      story(PUBLIC_STORY, 'Lanterns Over Saltmarsh', 'public'),
      story(PRIVATE_STORY, 'Unfinished Lighthouse', 'private'),
    ])
    .execute();
  await db
    .insertInto('story_tags')
    .values({ story_id: PUBLIC_STORY, tag: 'Tidewitch', tag_key: 'tidewitch', position: 0 })
    .execute();
  await db
    .insertInto('chapters')
    .values({
      id: CHAPTER,
      story_id: PUBLIC_STORY,
      title: 'The First Lantern',
      content: '<p>The tide came in.</p>',
      position: 1,
      published: 1,
      word_count: 4,
      published_at: AT,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('follows')
    .values({ follower_id: BRAM, followee_id: ALICE, created_at: AT })
    .execute();
  await db
    .insertInto('likes')
    .values({ user_id: BRAM, story_id: PUBLIC_STORY, created_at: AT })
    .execute();
}

const TABLES = ['users', 'stories', 'story_tags', 'chapters', 'follows', 'likes'];

async function rowCounts(db: OldDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return counts;
}

describe('upgrading a database with data in it', () => {
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '001_initial' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row of the release before search (001 → latest)', async () => {
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
  });

  it('serves the upgraded library: search finds the old public story, never the private one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-upgrade-'));
    const config = prepareDataDir(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    const app = await buildApp(config, { db: t.db, logger: false });
    try {
      const search = async (q: string) => {
        const res = await app.inject({ url: `/api/stories/search?q=${encodeURIComponent(q)}` });
        expect(res.statusCode).toBe(200);
        return res.json().data.items.map((story: { id: string }) => story.id);
      };
      expect(await search('Saltmarsh')).toEqual([PUBLIC_STORY]);
      expect(await search('tidewitch')).toEqual([PUBLIC_STORY]);
      expect(await search('Alice')).toEqual([PUBLIC_STORY]);
      expect(await search('Lighthouse')).toEqual([]);

      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data).toMatchObject({
        title: 'Lanterns Over Saltmarsh',
        votes_count: 1,
        tags: ['Tidewitch'],
        author: { username: 'Alice' },
      });
      const chapter = await app.inject({ url: `/api/chapters/${CHAPTER}` });
      expect(chapter.json().data.content).toContain('The tide came in.');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
