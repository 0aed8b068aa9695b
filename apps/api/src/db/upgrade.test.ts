import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, prepareDataDir } from '../config.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { fts5ScopedMatch, searchTerms } from '../modules/search/terms.js';
import { secondaryIndexes } from '../seed/indexes.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { createSession } from '../test/factories.js';
import { dueJobsDone, waitFor } from '../test/jobs.js';
import { migrateToLatest } from './migrate.js';
import { hideProfilesHiddenInSettings } from './migrations/004_contact_and_authors.js';
import { FILTER_INDEXES } from './migrations/022_story_filter_indexes.js';
import { SEARCH_PREFIX_LENGTHS } from './migrations/024_search_prefix_lengths.js';

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
    // Public stories only: Bram's one story is private.
    stories_count: id === ALICE ? 1 : 0,
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

/** The app on the upgraded database, with a data directory of its own; closed after `use`. */
async function withUpgradedApp(
  t: TestDb,
  use: (app: UpgradedApp, config: ReturnType<typeof prepareDataDir>) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-upgrade-'));
  const config = prepareDataDir(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  );
  const app = await buildApp(config, { db: t.db, logger: false });
  try {
    await use(app, config);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
type UpgradedApp = Awaited<ReturnType<typeof buildApp>>;

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

/**
 * A database at release `upTo` holding fillAt001's rows, migrated to the latest before the
 * describe's tests; `before` holds its row counts at `upTo`.
 */
function upgradedAfterFill(upTo: string) {
  const upgraded = {} as { t: TestDb; before: Record<string, number> };
  beforeAll(async () => {
    upgraded.t = await createTestDb({ upTo });
    await fillAt001(upgraded.t.db.kysely as unknown as OldDb);
    upgraded.before = await rowCounts(upgraded.t.db.kysely as unknown as OldDb);
    await migrateToLatest(upgraded.t.db);
  });
  afterAll(() => upgraded.t.cleanup());
  return upgraded;
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
    await withUpgradedApp(t, async (app) => {
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
    });
  });
});

/**
 * The release with migration 003 (sessions and jobs): users who hid their profile in settings,
 * authors with followers, a session and a job. Migration 004 adds the contact messages and the
 * author directory's `profile_public`, filled in from the stored settings.
 */
const CARLA = '0190a0a0-0000-7000-8000-0000000ca41a';
const DANA = '0190a0a0-0000-7000-8000-0000000da4a0';
const EVAN = '0190a0a0-0000-7000-8000-0000000e4a40';

async function fillAt003(db: OldDb): Promise<void> {
  await fillAt001(db);
  const user = (id: string, username: string, storiesCount: number) => ({
    id,
    username,
    email: `${username.toLowerCase()}@example.com`,
    password_hash: null,
    email_verified_at: AT,
    followers_count: 0,
    following_count: 0,
    stories_count: storiesCount,
    created_at: AT,
    updated_at: AT,
  });
  await db
    .insertInto('users')
    .values([user(CARLA, 'Carla', 1), user(DANA, 'Dana', 1), user(EVAN, 'Evan', 0)])
    .execute();
  const story = (id: string, authorId: string, title: string) => ({
    id,
    author_id: authorId,
    title,
    description: '',
    genre: 'Drama',
    visibility: 'public',
    published_at: AT,
    created_at: AT,
    updated_at: AT,
  });
  await db
    .insertInto('stories')
    .values([
      story('0190a0a0-0000-7000-8000-0000000005c1', CARLA, 'Carla’s Tale'),
      story('0190a0a0-0000-7000-8000-0000000005d1', DANA, 'Dana’s Tale'),
    ])
    .execute();
  // Carla has the most followers, but 'Following Only' hides them; Dana's settings row is not
  // JSON at all (it reads as the defaults: public). Bram is private and writes nothing public.
  await db
    .insertInto('follows')
    .values([
      { follower_id: ALICE, followee_id: CARLA, created_at: AT },
      { follower_id: EVAN, followee_id: CARLA, created_at: AT },
    ])
    .execute();
  await db.updateTable('users').set({ followers_count: 2 }).where('id', '=', CARLA).execute();
  await db.updateTable('users').set({ following_count: 2 }).where('id', '=', ALICE).execute();
  await db.updateTable('users').set({ following_count: 1 }).where('id', '=', EVAN).execute();
  const settings = (userId: string, json: string) => ({
    user_id: userId,
    settings: json,
    updated_at: AT,
  });
  await db
    .insertInto('user_settings')
    .values([
      settings(BRAM, JSON.stringify({ profileVisibility: 'private', theme: 'dark' })),
      settings(CARLA, JSON.stringify({ profileVisibility: 'friends' })),
      settings(DANA, '{"profileVisibility": "private"'),
      settings(EVAN, JSON.stringify({ profileVisibility: 'public' })),
    ])
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: '0190a0a0-0000-7000-8000-00000005e551',
      user_id: ALICE,
      method: 'password',
      device: 'Firefox on Linux',
      user_agent: 'Mozilla/5.0',
      network: '203.0.113.0/24',
      created_at: AT,
      last_used_at: AT,
    })
    .execute();
}

const TABLES_AT_003 = [...TABLES, 'user_settings', 'sessions'];

async function rowCountsAt003(db: OldDb): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES_AT_003) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(n);
  }
  return counts;
}

describe('upgrading a database of the sessions release (003 → latest)', () => {
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '003_sessions_and_jobs' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt003(db);
    before = await rowCountsAt003(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row', async () => {
    expect(await rowCountsAt003(t.db.kysely as unknown as OldDb)).toEqual(before);
  });

  it("fills in profile_public from the stored settings: 'friends' and 'private' hide, anything unreadable is public", async () => {
    const rows = await t.db.kysely
      .selectFrom('users')
      .select(['username', 'profile_public'])
      .orderBy('username')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.username, r.profile_public]))).toEqual({
      Alice: 1,
      Bram: 0,
      Carla: 0,
      Dana: 1,
      Evan: 1,
    });
  });

  it('fills it in the same way one settings row per batch, and again over its own result', async () => {
    const flags = async () =>
      (await t.db.kysely.selectFrom('users').select(['id', 'profile_public']).execute()).sort(
        (a, b) => a.id.localeCompare(b.id),
      );
    const filled = await flags();
    await t.db.kysely.updateTable('users').set({ profile_public: 1 }).execute();
    await hideProfilesHiddenInSettings(t.db.kysely as unknown as Kysely<unknown>, 1);
    expect(await flags()).toEqual(filled);
    await hideProfilesHiddenInSettings(t.db.kysely as unknown as Kysely<unknown>, 1);
    expect(await flags()).toEqual(filled);
  });

  it('serves the directory and takes contact messages on the upgraded database', async () => {
    await withUpgradedApp(t, async (app) => {
      const res = await app.inject({ url: '/api/users/authors' });
      expect(res.statusCode).toBe(200);
      // Alice's follower is public and ranks her first; Carla's two are hidden.
      const items = res.json().data.items as { username: string; restricted: boolean }[];
      expect(items.map((a) => [a.username, a.restricted])).toEqual([
        ['Alice', false],
        ['Carla', true],
        ['Dana', false],
      ]);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'dana@example.com', topic: 'question', message: 'Is there an app?' },
      });
      expect(sent.statusCode).toBe(201);
      const stored = await t.db.kysely.selectFrom('contact_messages').selectAll().execute();
      expect(stored).toHaveLength(1);
    });
  });
});

describe('upgrading a database of the author directory release (004 → latest)', () => {
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '004_contact_and_authors' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // A second tag that comes first by its key but second by the author's order.
    await db
      .insertInto('story_tags')
      .values({ story_id: PUBLIC_STORY, tag: 'Amber', tag_key: 'amber', position: 1 })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, and serves each story with its tags in their order', async () => {
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    await withUpgradedApp(t, async (app) => {
      const list = await app.inject({ url: '/api/stories?sort=popular' });
      expect(list.statusCode).toBe(200);
      const items = list.json().data.items as { id: string; tags: string[] }[];
      expect(items.map((s) => [s.id, s.tags])).toEqual([[PUBLIC_STORY, ['Tidewitch', 'Amber']]]);
      const one = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(one.json().data.tags).toEqual(['Tidewitch', 'Amber']);
    });
  });
});

describe('upgrading a database of the tags-in-order release (005 → latest)', () => {
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '005_story_tags_in_order' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // A chapter of several paragraphs, saved before paragraphs had keys.
    await db
      .updateTable('chapters')
      .set({ content: '<p>The tide came in.</p><p>Mira lit a lantern.</p><p>Nobody came.</p>' })
      .where('id', '=', CHAPTER)
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, and takes comments on the old chapter and its paragraphs', async () => {
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    const chapter = await t.db.kysely
      .selectFrom('chapters')
      .select('paragraph_keys')
      .where('id', '=', CHAPTER)
      .executeTakeFirstOrThrow();
    expect(chapter.paragraph_keys).toBeNull();

    await withUpgradedApp(t, async (app, config) => {
      const bram = await createSession(t.db, BRAM);
      const token = createTokenService(config.jwtSecret).sign(BRAM, bram);
      const headers = { authorization: `Bearer ${token}` };
      const empty = await app.inject({ url: `/api/chapters/${CHAPTER}/comment-counts` });
      expect(empty.json().data).toEqual({ paragraphs: [], chapter: 0 });
      const posted = await app.inject({
        method: 'POST',
        url: `/api/chapters/${CHAPTER}/comments`,
        headers,
        payload: { body: 'Who is Mira?', paragraph: 1 },
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.json().data).toMatchObject({
        paragraph: 1,
        paragraph_excerpt: 'Mira lit a lantern.',
        author: { username: 'Bram' },
      });
      const counts = await app.inject({ url: `/api/chapters/${CHAPTER}/comment-counts` });
      expect(counts.json().data).toEqual({ paragraphs: [{ paragraph: 1, count: 1 }], chapter: 0 });
      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data.comments_count).toBe(1);
    });
  });
});

describe('upgrading a database of the comments release (006 → latest)', () => {
  const TOP = '0190a0a0-0000-7000-8000-00000000c001';
  const REPLY = '0190a0a0-0000-7000-8000-00000000c002';
  const ON_PARAGRAPH = '0190a0a0-0000-7000-8000-00000000c003';
  const comment = (id: string, author: string, body: string, extra: Record<string, unknown>) => ({
    id,
    chapter_id: CHAPTER,
    story_id: PUBLIC_STORY,
    author_id: author,
    parent_id: null,
    paragraph_key: null,
    paragraph_excerpt: null,
    body,
    likes_count: 0,
    replies_count: 0,
    created_at: AT,
    ...extra,
  });
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '006_comments' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 006 wrote them: a chapter-level comment with a reply, and one on a paragraph.
    await db
      .updateTable('chapters')
      .set({
        content: '<p>The tide came in.</p><p>Mira lit a lantern.</p>',
        paragraph_keys: JSON.stringify(['k-tide', 'k-mira']),
      })
      .where('id', '=', CHAPTER)
      .execute();
    await db
      .insertInto('comments')
      .values([
        comment(TOP, BRAM, 'The tide!', { replies_count: 1 }),
        comment(REPLY, ALICE, 'Thank you.', { parent_id: TOP }),
        comment(ON_PARAGRAPH, BRAM, 'Who is Mira?', {
          paragraph_key: 'k-mira',
          paragraph_excerpt: 'Mira lit a lantern.',
        }),
      ])
      .execute();
    await db
      .updateTable('stories')
      .set({ comments_count: 3 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every comment and serves its threads, totals and counts from the new index', async () => {
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    const names = (await secondaryIndexes(t.db, ['comments'])).map((index) => index.name);
    expect(names).toContain('comments_chapter_rows_idx');
    expect(names).not.toContain('comments_chapter_idx');

    await withUpgradedApp(t, async (app, config) => {
      const thread = (await app.inject({ url: `/api/chapters/${CHAPTER}/comments` })).json().data;
      expect(thread.total).toBe(1);
      expect(thread.items).toMatchObject([
        { id: TOP, body: 'The tide!', replies_count: 1, author: { username: 'Bram' } },
      ]);
      const paragraph = (
        await app.inject({ url: `/api/chapters/${CHAPTER}/comments?paragraph=1` })
      ).json().data;
      expect(paragraph).toMatchObject({ total: 1, items: [{ id: ON_PARAGRAPH, paragraph: 1 }] });
      const replies = (await app.inject({ url: `/api/comments/${TOP}/replies` })).json().data;
      expect(replies).toMatchObject({ total: 1, items: [{ id: REPLY, parent_id: TOP }] });
      const counts = (await app.inject({ url: `/api/chapters/${CHAPTER}/comment-counts` })).json();
      expect(counts.data).toEqual({ paragraphs: [{ paragraph: 1, count: 1 }], chapter: 1 });
      // The story's count still follows its chapter: unpublishing takes all three away.
      const alice = await createSession(t.db, ALICE);
      const token = createTokenService(config.jwtSecret).sign(ALICE, alice);
      const unpublished = await app.inject({
        method: 'PATCH',
        url: `/api/chapters/${CHAPTER}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { published: false },
      });
      expect(unpublished.statusCode).toBe(200);
      const story = await app.inject({
        url: `/api/stories/${PUBLIC_STORY}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(story.json().data.comments_count).toBe(0);
    });
  });
});

describe('upgrading a database of the notifications release (008 → latest)', () => {
  const COMMENT = '0190a0a0-0000-7000-8000-00000000c008';
  const NOTICE = '0190a0a0-0000-7000-8000-00000000e008';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '008_notifications' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 008 wrote them: Bram's comment on Alice's chapter, and Alice told of it.
    await db
      .insertInto('comments')
      .values({
        id: COMMENT,
        chapter_id: CHAPTER,
        story_id: PUBLIC_STORY,
        author_id: BRAM,
        parent_id: null,
        paragraph_key: null,
        paragraph_excerpt: null,
        body: 'The tide!',
        likes_count: 0,
        replies_count: 0,
        created_at: AT,
      })
      .execute();
    await db
      .updateTable('stories')
      .set({ comments_count: 1 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    await db
      .insertInto('notifications')
      .values({
        id: NOTICE,
        user_id: ALICE,
        type: 'comment',
        group_key: `comment:${COMMENT}`,
        story_id: PUBLIC_STORY,
        chapter_id: CHAPTER,
        comment_id: COMMENT,
        actors_count: 1,
        seq: 1,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await db
      .insertInto('notification_actors')
      .values({ notification_id: NOTICE, actor_id: BRAM, created_at: AT })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, and blocking on the upgraded database ends the follow and hides the comment', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const kept = await old.selectFrom('notifications').select('id').execute();
    expect(kept).toEqual([{ id: NOTICE }]);
    const names = (await secondaryIndexes(t.db, ['blocks', 'mutes'])).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['blocks_blocked_idx', 'mutes_muted_idx']));

    await withUpgradedApp(t, async (app, config) => {
      const alice = await createSession(t.db, ALICE);
      const auth = {
        authorization: `Bearer ${createTokenService(config.jwtSecret).sign(ALICE, alice)}`,
      };
      const thread = () =>
        app
          .inject({ url: `/api/chapters/${CHAPTER}/comments`, headers: auth })
          .then((r) => r.json().data);
      expect((await thread()).total).toBe(1);
      const blocked = await app.inject({
        method: 'POST',
        url: '/api/users/Bram/block',
        headers: auth,
      });
      expect(blocked.statusCode).toBe(200);
      expect((await thread()).total).toBe(0);
      const profile = await app.inject({ url: '/api/users/Alice' });
      expect(profile.json().data.followers_count).toBe(0);
      const list = await app.inject({ url: '/api/users/me/blocks', headers: auth });
      expect(list.json().data).toMatchObject({ total: 1, items: [{ id: BRAM, username: 'Bram' }] });
    });
  });
});

describe('upgrading a database of the notifications release (008 → latest): ratings', () => {
  const MATURE_STORY = '0190a0a0-0000-7000-8000-0000000005a3';
  const MATURE_PRIVATE = '0190a0a0-0000-7000-8000-0000000005a4';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '008_notifications' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 008 wrote them: the flag alone says a story is mature.
    const story = (id: string, title: string, visibility: string) => ({
      id,
      author_id: ALICE,
      title,
      description: `${title}, flagged mature before ratings.`,
      genre: 'Fantasy',
      visibility,
      mature_content: 1,
      chapters_count: 0,
      published_at: visibility === 'public' ? AT : null,
      created_at: AT,
      updated_at: AT,
    });
    await db
      .insertInto('stories')
      .values([
        story(MATURE_STORY, 'Night Harbour', 'public'),
        story(MATURE_PRIVATE, 'Night Harbour Drafts', 'private'),
      ])
      .execute();
    await db.updateTable('users').set({ stories_count: 2 }).where('id', '=', ALICE).execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  const ratingsById = async () => {
    const rows = await t.db.kysely
      .selectFrom('stories')
      .select(['id', 'rating', 'mature_content', 'warnings'])
      .execute();
    return Object.fromEntries(rows.map((row) => [row.id, row]));
  };

  it('keeps every story, the flagged ones rated Mature and the rest General', async () => {
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    expect(await ratingsById()).toEqual({
      [PUBLIC_STORY]: { id: PUBLIC_STORY, rating: 'general', mature_content: 0, warnings: '[]' },
      [PRIVATE_STORY]: { id: PRIVATE_STORY, rating: 'general', mature_content: 0, warnings: '[]' },
      [MATURE_STORY]: { id: MATURE_STORY, rating: 'mature', mature_content: 1, warnings: '[]' },
      [MATURE_PRIVATE]: {
        id: MATURE_PRIVATE,
        rating: 'mature',
        mature_content: 1,
        warnings: '[]',
      },
    });
  });

  it('keeps the rating in step when the previous release writes only the flag', async () => {
    const old = t.db.kysely as unknown as OldDb;
    const NEW_BY_OLD = '0190a0a0-0000-7000-8000-0000000005a5';
    // The previous release creates a mature story and unflags another.
    await old
      .insertInto('stories')
      .values({
        id: NEW_BY_OLD,
        author_id: BRAM,
        title: 'Written by the old release',
        genre: 'Horror',
        visibility: 'private',
        mature_content: 1,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await old
      .updateTable('stories')
      .set({ mature_content: 0 })
      .where('id', '=', MATURE_PRIVATE)
      .execute();
    await old
      .updateTable('stories')
      .set({ mature_content: 1 })
      .where('id', '=', PRIVATE_STORY)
      .execute();
    const rows = await ratingsById();
    expect(rows[NEW_BY_OLD]).toMatchObject({ rating: 'mature', mature_content: 1 });
    expect(rows[MATURE_PRIVATE]).toMatchObject({ rating: 'teen', mature_content: 0 });
    expect(rows[PRIVATE_STORY]).toMatchObject({ rating: 'mature', mature_content: 1 });
    // This release's own writes (both columns) are left as they are.
    await t.db.kysely
      .updateTable('stories')
      .set({ rating: 'explicit', mature_content: 1 })
      .where('id', '=', PRIVATE_STORY)
      .execute();
    expect((await ratingsById())[PRIVATE_STORY]).toMatchObject({ rating: 'explicit' });
    await t.db.kysely
      .updateTable('stories')
      .set({ rating: 'mature', mature_content: 1 })
      .where('id', '=', PRIVATE_STORY)
      .execute();
  });

  it('serves the upgraded library: visitors’ lists leave the mature story out, its link still answers', async () => {
    await withUpgradedApp(t, async (app, config) => {
      const list = (await app.inject({ url: '/api/stories?genre=Fantasy' })).json().data;
      expect(list.items.map((s: { id: string }) => s.id)).toEqual([PUBLIC_STORY]);
      expect(list.total).toBe(1);
      const found = (await app.inject({ url: `/api/stories/${MATURE_STORY}` })).json().data;
      expect(found).toMatchObject({
        rating: 'mature',
        warnings: [],
        settings: { mature_content: true },
      });
      const alice = await createSession(t.db, ALICE);
      const token = createTokenService(config.jwtSecret).sign(ALICE, alice);
      const own = await app.inject({
        url: '/api/users/me/stories?limit=50',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(own.json().data.total).toBe(3);
    });
  });
});

describe('upgrading a database of the blocks and mutes release (010 → latest)', () => {
  const COMMENT = '0190a0a0-0000-7000-8000-00000000c010';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '010_blocks_and_mutes' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 010 wrote them: Bram's comment on Alice's chapter, and Bram muting Alice.
    await db
      .insertInto('comments')
      .values({
        id: COMMENT,
        chapter_id: CHAPTER,
        story_id: PUBLIC_STORY,
        author_id: BRAM,
        parent_id: null,
        paragraph_key: null,
        paragraph_excerpt: null,
        body: 'Lovely tide.',
        likes_count: 0,
        replies_count: 0,
        created_at: AT,
      })
      .execute();
    await db
      .updateTable('stories')
      .set({ comments_count: 1 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    await db
      .insertInto('mutes')
      .values({ muter_id: BRAM, muted_id: ALICE, created_at: AT })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, nobody is staff, suspended or hidden, and a report is hidden by a new admin', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const users = await t.db.kysely
      .selectFrom('users')
      .select(['role', 'suspended_until'])
      .execute();
    expect(users).toEqual([
      { role: null, suspended_until: null },
      { role: null, suspended_until: null },
    ]);
    const stories = await t.db.kysely
      .selectFrom('stories')
      .select(['hidden_at', 'visibility'])
      .execute();
    expect(stories.every((s) => s.hidden_at === null)).toBe(true);
    expect(await old.selectFrom('mutes').selectAll().execute()).toHaveLength(1);

    await withUpgradedApp(t, async (app, config) => {
      await t.db.kysely
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', ALICE)
        .execute();
      const bearer = async (id: string) => ({
        authorization: `Bearer ${createTokenService(config.jwtSecret).sign(id, await createSession(t.db, id))}`,
      });
      const [alice, bram] = [await bearer(ALICE), await bearer(BRAM)];
      const filed = await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: alice,
        payload: { target_type: 'comment', target_id: COMMENT, reason: 'spam' },
      });
      expect(filed.statusCode).toBe(201);
      const queue = await app.inject({ url: '/api/admin/reports', headers: alice });
      expect(queue.json().data.items[0]).toMatchObject({ target_id: COMMENT, count: 1 });
      const hidden = await app.inject({
        method: 'POST',
        url: `/api/admin/reports/${filed.json().data.id}/resolve`,
        headers: alice,
        payload: { action: 'hide', reason: 'Spam' },
      });
      expect(hidden.statusCode).toBe(200);
      const thread = await app.inject({ url: `/api/chapters/${CHAPTER}/comments` });
      expect(thread.json().data.total).toBe(0);
      const own = await app.inject({ url: `/api/chapters/${CHAPTER}/comments`, headers: bram });
      expect(own.json().data.items[0].hidden).toMatchObject({ reason: 'Spam' });
      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data.comments_count).toBe(0);
    });
  });
});

describe('upgrading a database of the moderation release (011 → latest): story stats', () => {
  const READ_DAY = '2026-09-20';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '011_moderation' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 011 wrote them: Bram's read of Alice's chapter, a visitor's, and his comment.
    await db
      .insertInto('chapter_reads')
      .values([
        {
          chapter_id: CHAPTER,
          reader_key: BRAM,
          user_id: BRAM,
          story_id: PUBLIC_STORY,
          read_at: `${READ_DAY}T23:30:00.000Z`,
        },
        {
          chapter_id: CHAPTER,
          reader_key: 'anon:0123456789abcdef0123456789abcdef',
          user_id: null,
          story_id: PUBLIC_STORY,
          read_at: AT,
        },
      ])
      .execute();
    await db.updateTable('chapters').set({ reads_count: 2 }).where('id', '=', CHAPTER).execute();
    await db
      .updateTable('stories')
      .set({ reads_count: 2, comments_count: 1 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    await db
      .insertInto('comments')
      .values({
        id: '0190a0a0-0000-7000-8000-00000000c016',
        chapter_id: CHAPTER,
        story_id: PUBLIC_STORY,
        author_id: BRAM,
        parent_id: null,
        paragraph_key: null,
        paragraph_excerpt: null,
        body: 'Counted since the start.',
        likes_count: 0,
        replies_count: 0,
        created_at: AT,
      })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, and the worker’s backfill gives the story its history by UTC day', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    expect(await old.selectFrom('chapter_reads').selectAll().execute()).toHaveLength(2);
    // The migration only widens: the history is the worker's to fill.
    expect(await t.db.kysely.selectFrom('story_daily_stats').selectAll().execute()).toEqual([]);

    await withUpgradedApp(t, async (app, config) => {
      await app.ready();
      // Started, the app schedules the backfill once and its worker runs it.
      const job = async () =>
        t.db.kysely
          .selectFrom('scheduled_runs as r')
          .innerJoin('jobs as j', 'j.id', 'r.job_id')
          .select(['j.done_at', 'j.failed_at'])
          .where('r.name', '=', 'stats-backfill')
          .executeTakeFirst();
      await waitFor(async () => (await job())?.done_at != null);
      expect((await job())?.failed_at).toBeNull();
      const days = await t.db.kysely
        .selectFrom('story_daily_stats')
        .select(['story_id', 'day', 'reads', 'likes', 'comments'])
        .orderBy('day')
        .execute();
      expect(
        days.map((d) => ({
          ...d,
          reads: Number(d.reads),
          likes: Number(d.likes),
          comments: Number(d.comments),
        })),
      ).toEqual([
        { story_id: PUBLIC_STORY, day: READ_DAY, reads: 1, likes: 0, comments: 0 },
        { story_id: PUBLIC_STORY, day: AT.slice(0, 10), reads: 1, likes: 1, comments: 1 },
      ]);
      const alice = await createSession(t.db, ALICE);
      const token = createTokenService(config.jwtSecret).sign(ALICE, alice);
      const stats = await app.inject({
        url: `/api/stories/${PUBLIC_STORY}/stats?days=365`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(stats.statusCode).toBe(200);
      expect(stats.json().data.chapters).toEqual([
        expect.objectContaining({ id: CHAPTER, readers_all_time: 1 }),
      ]);
    });
  });
});

describe('upgrading a database of the moderation release (011 → latest): recently deleted', () => {
  const COMMENT = '0190a0a0-0000-7000-8000-00000000c013';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '011_moderation' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 011 wrote them: Bram's comment on Alice's chapter, and her private story
    // hidden by the moderators (private, remembering it was private).
    await db
      .insertInto('comments')
      .values({
        id: COMMENT,
        chapter_id: CHAPTER,
        story_id: PUBLIC_STORY,
        author_id: BRAM,
        parent_id: null,
        paragraph_key: null,
        paragraph_excerpt: null,
        body: 'Lovely tide.',
        likes_count: 0,
        replies_count: 0,
        created_at: AT,
      })
      .execute();
    await db
      .updateTable('stories')
      .set({ comments_count: 1 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    await db
      .updateTable('stories')
      .set({
        hidden_at: AT,
        hidden_reason: 'Spam',
        hidden_cause: 'moderation',
        visibility_before_hidden: 'private',
      })
      .where('id', '=', PRIVATE_STORY)
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, nothing is in the trash, and a story deleted then restored comes back whole', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const stories = await t.db.kysely
      .selectFrom('stories')
      .select(['id', 'deleted_at', 'visibility', 'hidden_at'])
      .orderBy('id')
      .execute();
    expect(stories).toEqual([
      { id: PUBLIC_STORY, deleted_at: null, visibility: 'public', hidden_at: null },
      {
        id: PRIVATE_STORY,
        deleted_at: null,
        visibility: 'private',
        hidden_at: expect.anything(),
      },
    ]);
    const chapters = await t.db.kysely.selectFrom('chapters').select('deleted_at').execute();
    expect(chapters.every((c) => c.deleted_at === null)).toBe(true);
    expect(await t.db.kysely.selectFrom('deleted_items').selectAll().execute()).toEqual([]);

    await withUpgradedApp(t, async (app, config) => {
      const alice = {
        authorization: `Bearer ${createTokenService(config.jwtSecret).sign(ALICE, await createSession(t.db, ALICE))}`,
      };
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/stories/${PUBLIC_STORY}`,
        headers: alice,
      });
      expect(del.statusCode).toBe(200);
      expect((await app.inject({ url: `/api/stories/${PUBLIC_STORY}` })).statusCode).toBe(404);
      const trash = await app.inject({ url: '/api/users/me/recently-deleted', headers: alice });
      expect(trash.json().data.items).toMatchObject([{ kind: 'story', id: PUBLIC_STORY }]);
      const restored = await app.inject({
        method: 'POST',
        url: `/api/stories/${PUBLIC_STORY}/restore`,
        headers: alice,
      });
      expect(restored.statusCode).toBe(200);
      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data).toMatchObject({ visibility: 'public', comments_count: 1 });
      const thread = await app.inject({ url: `/api/chapters/${CHAPTER}/comments` });
      expect(thread.json().data.total).toBe(1);
      // The story the moderators hid stays hidden, and deleted and restored it stays so.
      await app.inject({ method: 'DELETE', url: `/api/stories/${PRIVATE_STORY}`, headers: alice });
      await app.inject({
        method: 'POST',
        url: `/api/stories/${PRIVATE_STORY}/restore`,
        headers: alice,
      });
      const hidden = await t.db.kysely
        .selectFrom('stories')
        .select(['visibility', 'visibility_before_hidden', 'hidden_at'])
        .where('id', '=', PRIVATE_STORY)
        .executeTakeFirstOrThrow();
      expect(hidden).toMatchObject({ visibility: 'private', visibility_before_hidden: 'private' });
      expect(hidden.hidden_at).not.toBeNull();
    });
  });
});

describe('upgrading a database of the moderation release (011 → latest): revisions', () => {
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '011_moderation' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, and the first save of an old chapter keeps its text as it stood', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    // No backfill: revisions start empty (decision 026).
    expect(await t.db.kysely.selectFrom('chapter_revisions').selectAll().execute()).toEqual([]);

    await withUpgradedApp(t, async (app, config) => {
      const alice = {
        authorization: `Bearer ${createTokenService(config.jwtSecret).sign(ALICE, await createSession(t.db, ALICE))}`,
      };
      const saved = await app.inject({
        method: 'PATCH',
        url: `/api/chapters/${CHAPTER}`,
        headers: alice,
        payload: { content: '<p>The tide went out.</p>' },
      });
      expect(saved.statusCode).toBe(200);
      const list = await app.inject({ url: `/api/chapters/${CHAPTER}/revisions`, headers: alice });
      const items = list.json().data.items as { id: string; created_at: string }[];
      expect(items).toHaveLength(2);
      // The chapter as release 011 left it, dated its last update.
      expect(items[1]!.created_at).toBe(AT);
      const legacy = await app.inject({
        url: `/api/chapters/${CHAPTER}/revisions/${items[1]!.id}`,
        headers: alice,
      });
      expect(legacy.json().data).toMatchObject({
        title: 'The First Lantern',
        content: '<p>The tide came in.</p>',
        word_count: 4,
        author: { id: ALICE },
      });
      const restored = await app.inject({
        method: 'POST',
        url: `/api/chapters/${CHAPTER}/revisions/${items[1]!.id}/restore`,
        headers: alice,
      });
      expect(restored.json().data.content).toBe('<p>The tide came in.</p>');
      const after = await app.inject({ url: `/api/chapters/${CHAPTER}/revisions`, headers: alice });
      expect(after.json().data.total).toBe(3);
    });
  });
});

describe('upgrading a database of the moderation release (011 → latest): scheduled chapters', () => {
  const DRAFT = '0190a0a0-0000-7000-8000-00000000c0d1';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '011_moderation' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 011 wrote it: a draft chapter beside the published one.
    await db
      .insertInto('chapters')
      .values({
        id: DRAFT,
        story_id: PUBLIC_STORY,
        title: 'The Second Lantern',
        content: '<p>The tide went out.</p>',
        position: 2,
        published: 0,
        word_count: 4,
        published_at: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every chapter unscheduled, and the old draft can be scheduled and is published by the worker', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const chapters = await t.db.kysely
      .selectFrom('chapters')
      .select(['id', 'published', 'publish_at', 'published_at'])
      .orderBy('position')
      .execute();
    expect(chapters).toEqual([
      { id: CHAPTER, published: 1, publish_at: null, published_at: AT },
      { id: DRAFT, published: 0, publish_at: null, published_at: null },
    ]);

    await withUpgradedApp(t, async (app, config) => {
      await app.ready();
      const tokens = createTokenService(config.jwtSecret);
      const alice = {
        authorization: `Bearer ${tokens.sign(ALICE, await createSession(t.db, ALICE))}`,
      };
      const at = new Date(Date.now() + 1000).toISOString();
      const scheduled = await app.inject({
        method: 'PATCH',
        url: `/api/chapters/${DRAFT}`,
        headers: alice,
        payload: { publish_at: at },
      });
      expect(scheduled.statusCode).toBe(200);
      expect(scheduled.json().data.publish_at).toBe(at);
      expect((await app.inject({ url: `/api/chapters/${DRAFT}` })).statusCode).toBe(404);
      await dueJobsDone(t.db, 1500);
      const published = await app.inject({ url: `/api/chapters/${DRAFT}` });
      expect(published.json().data).toMatchObject({ published: true, published_at: at });
      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data.chapters_count).toBe(2);
    });
  });
});

describe('upgrading a database of the scheduled chapters release (014 → latest): series', () => {
  const SCHEDULED = '0190a0a0-0000-7000-8000-00000000c0d2';
  const LATER = '2099-01-01T09:00:00.000Z';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '014_scheduled_chapters' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 014 wrote it: a chapter scheduled for later.
    await db
      .insertInto('chapters')
      .values({
        id: SCHEDULED,
        story_id: PUBLIC_STORY,
        title: 'The Lantern Later',
        content: '<p>Not yet.</p>',
        position: 2,
        published: 0,
        word_count: 2,
        published_at: null,
        publish_at: LATER,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row and its schedule, no story is in a series, and a series of the old stories works', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const scheduled = await t.db.kysely
      .selectFrom('chapters')
      .select(['published', 'publish_at'])
      .where('id', '=', SCHEDULED)
      .executeTakeFirstOrThrow();
    expect(scheduled).toEqual({ published: 0, publish_at: LATER });
    expect(await t.db.kysely.selectFrom('series_stories').selectAll().execute()).toEqual([]);

    await withUpgradedApp(t, async (app, config) => {
      const tokens = createTokenService(config.jwtSecret);
      const alice = {
        authorization: `Bearer ${tokens.sign(ALICE, await createSession(t.db, ALICE))}`,
      };
      const lone = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(lone.json().data.series).toBeNull();
      const made = await app.inject({
        method: 'POST',
        url: '/api/series',
        headers: alice,
        payload: { title: 'The Saltmarsh Saga', story_ids: [PUBLIC_STORY] },
      });
      expect(made.statusCode).toBe(201);
      const story = await app.inject({ url: `/api/stories/${PUBLIC_STORY}` });
      expect(story.json().data.series).toMatchObject({ title: 'The Saltmarsh Saga', part: 1 });
      // Bram's private story is not Alice's to add.
      const refused = await app.inject({
        method: 'POST',
        url: `/api/series/${made.json().data.id}/stories`,
        headers: alice,
        payload: { story_id: PRIVATE_STORY },
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});

describe('upgrading a database of the story stats release (017 → latest): word counts', () => {
  const DRAFT = '0190a0a0-0000-7000-8000-00000000c0d3';
  const SECOND = '0190a0a0-0000-7000-8000-00000000c0d4';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '017_indexes_built_concurrently' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // As release 017 wrote them: a second published chapter and a draft, which does not count.
    const chapter = (id: string, position: number, published: number, words: number) => ({
      id,
      story_id: PUBLIC_STORY,
      title: `Chapter ${position}`,
      content: `<p>${Array.from({ length: words }, () => 'tide').join(' ')}</p>`,
      position,
      published,
      word_count: words,
      published_at: published ? AT : null,
      created_at: AT,
      updated_at: AT,
    });
    await db
      .insertInto('chapters')
      .values([chapter(SECOND, 2, 1, 30), chapter(DRAFT, 3, 0, 500)])
      .execute();
    await db
      .updateTable('stories')
      .set({ chapters_count: 2 })
      .where('id', '=', PUBLIC_STORY)
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, counts the published words of each story, and filters by them', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const words = await t.db.kysely
      .selectFrom('stories')
      .select(['id', 'word_count'])
      .orderBy('id')
      .execute();
    expect(words.map((row) => [row.id, Number(row.word_count)])).toEqual([
      [PUBLIC_STORY, 34],
      [PRIVATE_STORY, 0],
    ]);

    await withUpgradedApp(t, async (app, config) => {
      const titles = async (query: string) =>
        (await app.inject({ url: `/api/stories?${query}` }))
          .json()
          .data.items.map((s: { title: string }) => s.title);
      expect(await titles('tags=TideWitch&words_min=34&words_max=34')).toEqual([
        'Lanterns Over Saltmarsh',
      ]);
      expect(await titles('words_min=35')).toEqual([]);
      expect(await titles('exclude_tags=tidewitch')).toEqual([]);
      // Publishing the old draft adds its words.
      const tokens = createTokenService(config.jwtSecret);
      const alice = {
        authorization: `Bearer ${tokens.sign(ALICE, await createSession(t.db, ALICE))}`,
      };
      const published = await app.inject({
        method: 'PATCH',
        url: `/api/chapters/${DRAFT}`,
        headers: alice,
        payload: { published: true },
      });
      expect(published.statusCode).toBe(200);
      expect(await titles('words_min=534&words_max=534')).toEqual(['Lanterns Over Saltmarsh']);
    });
  });
});

describe('upgrading a database of the indexes release (017 → latest): reading lists', () => {
  const upgraded = upgradedAfterFill('017_indexes_built_concurrently');

  it('keeps every row, starts with no lists, and a list of the old stories works', async () => {
    expect(await rowCounts(upgraded.t.db.kysely as unknown as OldDb)).toEqual(upgraded.before);
    expect(await upgraded.t.db.kysely.selectFrom('reading_lists').selectAll().execute()).toEqual(
      [],
    );

    await withUpgradedApp(upgraded.t, async (app, config) => {
      const tokens = createTokenService(config.jwtSecret);
      const alice = {
        authorization: `Bearer ${tokens.sign(ALICE, await createSession(upgraded.t.db, ALICE))}`,
      };
      const made = await app.inject({
        method: 'POST',
        url: '/api/lists',
        headers: alice,
        payload: { name: 'Old favourites' },
      });
      expect(made.statusCode).toBe(201);
      const id = made.json().data.id;
      const added = await app.inject({
        method: 'POST',
        url: `/api/lists/${id}/stories`,
        headers: alice,
        payload: { story_id: PUBLIC_STORY },
      });
      expect(added.statusCode).toBe(200);
      // Bram's private story is not Alice's to see, so not hers to add.
      const refused = await app.inject({
        method: 'POST',
        url: `/api/lists/${id}/stories`,
        headers: alice,
        payload: { story_id: PRIVATE_STORY },
      });
      expect(refused.statusCode).toBe(404);
      const page = await app.inject({ url: `/api/lists/${id}/stories` });
      expect(page.json().data.items.map((s: { id: string }) => s.id)).toEqual([PUBLIC_STORY]);
    });
  });
});

describe('upgrading a database of the story stats release (017 → latest): chapter text search', () => {
  const HIDDEN_DRAFT = '0190a0a0-0000-7000-8000-00000000c019';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '017_indexes_built_concurrently' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    // A chapter of Bram's private story, with the same words: never to be found.
    await db
      .insertInto('chapters')
      .values({
        id: HIDDEN_DRAFT,
        story_id: PRIVATE_STORY,
        title: 'Kept back',
        content: '<p>Intro.</p><p>The tide came in at <em>night</em>.</p>',
        position: 1,
        published: 1,
        word_count: 7,
        published_at: AT,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, indexes every old chapter, and searches only the public one', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const indexed = await t.db.kysely
      .selectFrom('chapter_search')
      .select('chapter_id')
      .orderBy('chapter_id')
      .execute();
    expect(indexed.map((row) => row.chapter_id)).toEqual([HIDDEN_DRAFT, CHAPTER]);

    await withUpgradedApp(t, async (app) => {
      const found = await app.inject({ url: '/api/search/chapters?q=%22tide%20came%22' });
      expect(found.statusCode).toBe(200);
      expect(found.json().data).toMatchObject({
        total: 1,
        items: [{ chapter: { id: CHAPTER }, paragraph: 0, snippet: { text: 'The tide came in.' } }],
      });
      // Made public, Bram's story is found at its second paragraph (its chapter is older).
      await t.db.kysely
        .updateTable('stories')
        .set({ visibility: 'public' })
        .where('id', '=', PRIVATE_STORY)
        .execute();
      const both = await app.inject({ url: '/api/search/chapters?q=tide' });
      expect(both.json().data.items.map((hit: { paragraph: number }) => hit.paragraph)).toEqual([
        0, 1,
      ]);
    });
  });
});

describe('upgrading a database of the chapter text search release (020 → latest): word pairs', () => {
  const SECOND = '0190a0a0-0000-7000-8000-00000000c021';
  let t: TestDb;
  let before: Record<string, number>;
  beforeAll(async () => {
    t = await createTestDb({ upTo: '020_chapter_text_search' });
    const db = t.db.kysely as unknown as OldDb;
    await fillAt001(db);
    await db
      .insertInto('chapters')
      .values({
        id: SECOND,
        story_id: PUBLIC_STORY,
        title: 'The Second Lantern',
        content: '<p>Gulls cried. The tide came back at dusk, a whisper. Ada waited.</p>',
        position: 2,
        published: 1,
        word_count: 11,
        published_at: AT,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    // The entries as that release wrote them: the paragraphs' words, no pairs.
    for (const [id, text] of [
      [CHAPTER, 'The tide came in.'],
      [SECOND, 'Gulls cried. The tide came back at dusk, a whisper. Ada waited.'],
    ] as const) {
      if (t.db.dialect === 'postgres') {
        await sql`insert into chapter_search (chapter_id) values (${id})`.execute(db);
        await sql`insert into chapter_search_paragraphs (chapter_id, paragraph, document)
                  values (${id}, 0, to_tsvector('simple', storyloom_fold(${text})))`.execute(db);
      } else {
        const { rows } = await sql<{ doc_id: number }>`
          insert into chapter_search (chapter_id) values (${id}) returning doc_id`.execute(db);
        await sql`insert into chapter_search_fts (rowid, text)
                  values (${rows[0]!.doc_id * 2 ** 16}, ${text})`.execute(db);
      }
    }
    before = await rowCounts(db);
    await migrateToLatest(t.db);
  });
  afterAll(() => t.cleanup());

  it('keeps every row, indexes every chapter again with its pairs, and finds phrases once', async () => {
    const old = t.db.kysely as unknown as OldDb;
    expect(await rowCounts(old)).toEqual(before);
    const indexed = await t.db.kysely
      .selectFrom('chapter_search')
      .select(['chapter_id', 'version'])
      .orderBy('chapter_id')
      .execute();
    expect(indexed).toEqual([
      { chapter_id: SECOND, version: 2 },
      { chapter_id: CHAPTER, version: 2 },
    ]);

    await withUpgradedApp(t, async (app) => {
      const search = async (q: string) =>
        (await app.inject({ url: `/api/search/chapters?q=${encodeURIComponent(q)}` })).json().data;
      // Each chapter once: its old entries were replaced, not added to.
      expect(await search('tide')).toMatchObject({ total: 2 });
      expect(await search('"a whisper ada"')).toMatchObject({
        total: 1,
        items: [{ chapter: { id: SECOND }, paragraph: 0 }],
      });
      expect(await search('"tide came in"')).toMatchObject({
        total: 1,
        items: [{ chapter: { id: CHAPTER } }],
      });
    });
  });
});

describe('upgrading a database of the word pairs release (021 → latest): filter columns in list indexes', () => {
  const upgraded = upgradedAfterFill('021_chapter_word_pairs');

  it('keeps every row, swaps each list order index for its successor, and lists by every filter', async () => {
    expect(await rowCounts(upgraded.t.db.kysely as unknown as OldDb)).toEqual(upgraded.before);
    const names = (await secondaryIndexes(upgraded.t.db, ['stories'])).map((index) => index.name);
    for (const [name, , replaced] of FILTER_INDEXES) {
      expect(names).toContain(name);
      expect(names).not.toContain(replaced);
    }

    await withUpgradedApp(upgraded.t, async (app) => {
      const titles = async (query: string) =>
        (await app.inject({ url: `/api/stories?${query}` }))
          .json()
          .data.items.map((s: { title: string }) => s.title);
      for (const sort of ['latest', 'popular', 'trending']) {
        for (const genre of ['', '&genre=Fantasy']) {
          const filters = `status=ongoing&language=English&words_max=1000&rating=general${genre}`;
          expect(await titles(`sort=${sort}&${filters}`)).toEqual(['Lanterns Over Saltmarsh']);
          expect(await titles(`sort=${sort}&status=completed${genre}`)).toEqual([]);
        }
      }
    });
  });
});

describe('upgrading a database of the filter indexes release (022 → latest): genre and rating in the search index', () => {
  const upgraded = upgradedAfterFill('022_story_filter_indexes');

  it('keeps every row, indexes each document with its genre and rating, and keeps them in step', async () => {
    const { t, before } = upgraded;
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    if (t.db.dialect === 'sqlite') {
      // FTS5 checks its index against the documents, the generated scope column included.
      await sql`insert into story_search_fts (story_search_fts) values ('integrity-check')`.execute(
        t.db.kysely,
      );
    }

    await withUpgradedApp(t, async (app) => {
      const titles = async (query: string) =>
        (await app.inject({ url: `/api/stories/search?${query}` }))
          .json()
          .data.items.map((s: { title: string }) => s.title);
      expect(await titles('q=lanterns')).toEqual(['Lanterns Over Saltmarsh']);
      expect(await titles('q=lanterns&genre=Fantasy')).toEqual(['Lanterns Over Saltmarsh']);
      expect(await titles('q=lanterns&genre=Romance')).toEqual([]);

      // A story's new genre and rating reach its document (the triggers of migration 023).
      await t.db.kysely
        .updateTable('stories')
        .set({ genre: 'Sci-Fi', rating: 'mature', mature_content: 1 })
        .where('id', '=', PUBLIC_STORY)
        .execute();
      expect(await titles('q=lanterns&genre=Fantasy')).toEqual([]);
      // A visitor sees no Mature story; the genre alone would find it.
      expect(await titles('q=lanterns&genre=Sci-Fi')).toEqual([]);
      if (t.db.dialect === 'sqlite') {
        const indexed = async (scope: Parameters<typeof fts5ScopedMatch>[1]) => {
          const { rows } = await sql<{ n: number }>`
            select count(*) as n from story_search_fts
             where story_search_fts match ${fts5ScopedMatch(searchTerms('lanterns'), scope)}`.execute(
            t.db.kysely,
          );
          return rows[0]!.n;
        };
        expect(await indexed({ genre: 'Sci-Fi', ratings: ['mature'] })).toBe(1);
        // The old tokens are gone: the story is no longer Fantasy, nor of an all-ages rating.
        expect(await indexed({ genre: 'Fantasy' })).toBe(0);
        expect(await indexed({ ratings: ['general', 'teen'] })).toBe(0);
        await sql`insert into story_search_fts (story_search_fts) values ('integrity-check')`.execute(
          t.db.kysely,
        );
      }
      await t.db.kysely
        .updateTable('stories')
        .set({ rating: 'teen', mature_content: 0 })
        .where('id', '=', PUBLIC_STORY)
        .execute();
      expect(await titles('q=lanterns&genre=Sci-Fi')).toEqual(['Lanterns Over Saltmarsh']);
      expect(await titles('q=saltm')).toEqual(['Lanterns Over Saltmarsh']);
    });
  });
});

describe('upgrading a database of the search scope release (023 → latest): prefixes up to ten characters', () => {
  const upgraded = upgradedAfterFill('023_story_search_scope');

  it('keeps every row, indexes every prefix length up to ten, and keeps the index in step', async () => {
    const { t, before } = upgraded;
    expect(await rowCounts(t.db.kysely as unknown as OldDb)).toEqual(before);
    const integrityCheck = () =>
      sql`insert into story_search_fts (story_search_fts) values ('integrity-check')`.execute(
        t.db.kysely,
      );
    if (t.db.dialect === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`
        select sql from sqlite_master where name = 'story_search_fts'`.execute(t.db.kysely);
      expect(rows[0]!.sql).toContain(`prefix = '${SEARCH_PREFIX_LENGTHS}'`);
      await integrityCheck();
    }

    await withUpgradedApp(t, async (app) => {
      const titles = async (q: string) =>
        (await app.inject({ url: `/api/stories/search?q=${encodeURIComponent(q)}` }))
          .json()
          .data.items.map((s: { title: string }) => s.title);
      // Prefixes of every length, in the title and the tags, as the last word of a query.
      for (const q of ['sa', 'salt', 'saltmar', 'lanterns over saltmars', 'tidewitc', 'alic']) {
        expect(await titles(q)).toEqual(['Lanterns Over Saltmarsh']);
      }
      expect(await titles('unfinished lighth')).toEqual([]);

      // A new title reaches the rebuilt index (the triggers of migration 023 write it by name).
      await t.db.kysely
        .updateTable('stories')
        .set({ title: 'Lanterns Over Marshwater' })
        .where('id', '=', PUBLIC_STORY)
        .execute();
      expect(await titles('marshwat')).toEqual(['Lanterns Over Marshwater']);
      if (t.db.dialect === 'sqlite') await integrityCheck();
    });
  });
});
