import { DISCOVERY_MESSAGES, MESSAGES, STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MINUTE } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { createReaderKeys, readerNetwork, utcDay } from './reader-key.js';
import { VISITOR_READS_PER_ADDRESS } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string } | undefined;

const twoChapters = {
  chapters: [
    { title: 'One', content: '<p>First words here.</p>' },
    { title: 'Two', content: '<p>Second chapter has five words.</p>' },
  ],
};

/** A public story with two published chapters, and its chapters. */
async function storyWithChapters(auth: Auth, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, auth, { ...twoChapters, ...overrides });
  const chapters = await chaptersOf(t, story.id, auth);
  return { story, chapters };
}

/** POST /chapters/{id}/progress as `auth`, from `address` with `agent`. */
async function read(
  chapterId: string,
  options: { auth?: Auth; storyId?: string; address?: string; agent?: string } = {},
) {
  const query = options.storyId === undefined ? '' : `?story_id=${options.storyId}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chapters/${chapterId}/progress${query}`,
    remoteAddress: options.address ?? '203.0.113.7',
    headers: { 'user-agent': options.agent ?? 'TestBrowser/1.0', ...options.auth },
  });
  return { status: res.statusCode, body: res.json() };
}

const storyRow = (id: string) =>
  db().selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const chapterReads = (id: string) =>
  db().selectFrom('chapters').select('reads_count').where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /chapters/{id}/progress: counting', () => {
  it('counts a signed-in user once per chapter, and another user again, moving every counter', async () => {
    const author = await newUser();
    const [alice, bob] = [await newUser(), await newUser()];
    const { story, chapters } = await storyWithChapters(author.auth);
    const before = await storyRow(story.id);

    const first = await read(chapters[0]!.id, { auth: alice.auth, storyId: story.id });
    expect(first).toEqual({
      status: 200,
      body: { success: true, data: { counted: true, reads_count: 1, story_reads_count: 1 } },
    });
    const again = await read(chapters[0]!.id, { auth: alice.auth, storyId: story.id });
    expect(again.body.data).toEqual({ counted: false, reads_count: 1, story_reads_count: 1 });
    // A different address or browser does not make a signed-in user a new reader.
    const elsewhere = await read(chapters[0]!.id, {
      auth: alice.auth,
      address: '198.51.100.1',
      agent: 'Other/2',
    });
    expect(elsewhere.body.data.counted).toBe(false);

    const second = await read(chapters[0]!.id, { auth: bob.auth, storyId: story.id });
    expect(second.body.data).toEqual({ counted: true, reads_count: 2, story_reads_count: 2 });
    const otherChapter = await read(chapters[1]!.id, { auth: alice.auth });
    expect(otherChapter.body.data).toEqual({
      counted: true,
      reads_count: 1,
      story_reads_count: 3,
    });

    const after = await storyRow(story.id);
    expect(after.reads_count).toBe(3);
    expect(after.popular_score).toBe(before.popular_score + 3);
    expect(after.trending_score).toBeGreaterThan(before.trending_score);
    expect((await chapterReads(chapters[0]!.id)).reads_count).toBe(2);
    expect((await chapterReads(chapters[1]!.id)).reads_count).toBe(1);
    const rows = await db()
      .selectFrom('chapter_reads')
      .selectAll()
      .where('story_id', '=', story.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.reader_key).toBe(row.user_id);
    const payload = await call(t, 'GET', `/stories/${story.id}`);
    expect(payload.body.data.reads_count).toBe(3);
  });

  it('counts concurrent duplicate calls exactly once', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => read(chapters[0]!.id, { auth: reader.auth })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.counted)).toHaveLength(1);
    expect((await storyRow(story.id)).reads_count).toBe(1);
  });

  it('counts a visitor once per address and browser per day, storing neither', async () => {
    const author = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const chapter = chapters[0]!.id;
    const visitor = { address: '192.0.2.10', agent: 'Firefox/140' };

    expect((await read(chapter, visitor)).body.data.counted).toBe(true);
    expect((await read(chapter, visitor)).body.data.counted).toBe(false);
    expect((await read(chapter, { ...visitor, agent: 'Chrome/141' })).body.data.counted).toBe(true);
    expect((await read(chapter, { ...visitor, address: '192.0.2.11' })).body.data).toEqual({
      counted: true,
      reads_count: 3,
      story_reads_count: 3,
    });

    const rows = await db()
      .selectFrom('chapter_reads')
      .selectAll()
      .where('story_id', '=', story.id)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.user_id).toBeNull();
      expect(row.reader_key).toMatch(/^anon:[\w-]{22}$/);
      expect(row.reader_key).not.toContain('192.0.2');
      expect(row.reader_key).not.toContain('Firefox');
    }
    // Visitors have no stored position.
    const progress = await db()
      .selectFrom('reading_progress')
      .select('user_id')
      .where('story_id', '=', story.id)
      .execute();
    expect(progress).toEqual([]);
  });

  it("never counts the author's own reads, nor stores their position", async () => {
    const author = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const res = await read(chapters[0]!.id, { auth: author.auth, storyId: story.id });
    expect(res.body.data).toEqual({ counted: false, reads_count: 0, story_reads_count: 0 });
    const detail = await call(t, 'GET', `/stories/${story.id}`, author.auth);
    expect(detail.body.data.progress).toBeNull();
    expect((await storyRow(story.id)).popular_score).toBe(0);
  });

  it('accepts a call whose empty body is labelled as JSON', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapters } = await storyWithChapters(author.auth);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chapters/${chapters[0]!.id}/progress`,
      headers: { ...reader.auth, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.counted).toBe(true);
  });
});

describe('POST /chapters/{id}/progress: one address rotating its user agent', () => {
  const budget = VISITOR_READS_PER_ADDRESS;
  let rotation = 0;
  /** `n` visitor reads of `chapterId` from `address`, each with a user agent never seen before. */
  async function rotatedReads(chapterId: string, address: string, n: number) {
    const results = [];
    for (let i = 0; i < n; i += 1)
      results.push(await read(chapterId, { address, agent: `Rotating/${rotation++}` }));
    expect(results.every((r) => r.status === 200)).toBe(true);
    return results.filter((r) => r.body.data.counted).length;
  }
  const readRows = (chapterId: string) =>
    db()
      .selectFrom('chapter_reads')
      .select('reader_key')
      .where('chapter_id', '=', chapterId)
      .execute();
  const budgetRows = (chapterId: string) =>
    db()
      .selectFrom('anonymous_read_budget')
      .selectAll()
      .where('chapter_id', '=', chapterId)
      .execute();

  it('counts a bounded number of visitor reads per chapter, whatever the headers', async () => {
    const author = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const address = '198.51.100.60';

    expect(await rotatedReads(chapters[0]!.id, address, 60)).toBe(budget);
    expect((await storyRow(story.id)).reads_count).toBe(budget);
    expect((await chapterReads(chapters[0]!.id)).reads_count).toBe(budget);
    // Only counted reads are stored: every counter still equals the rows it counts.
    expect(await readRows(chapters[0]!.id)).toHaveLength(budget);
    const spent = await budgetRows(chapters[0]!.id);
    expect(spent).toEqual([
      {
        address_key: expect.any(String),
        chapter_id: chapters[0]!.id,
        day: expect.any(String),
        reads: budget,
      },
    ]);
    expect(spent[0]!.address_key).not.toContain('198.51.100');

    // The budget is per chapter: the story's next chapter counts again, as far as its own.
    expect(await rotatedReads(chapters[1]!.id, address, 10)).toBe(budget);
    // Another address has a budget of its own.
    expect(await rotatedReads(chapters[0]!.id, '198.51.100.61', 1)).toBe(1);
    expect((await storyRow(story.id)).reads_count).toBe(2 * budget + 1);
    // A browser already counted today is still a repeat, not a new read.
    expect((await read(chapters[0]!.id, { address, agent: 'Rotating/0' })).body.data.counted).toBe(
      false,
    );
  });

  it('never lets concurrent rotated calls past the budget', async () => {
    const author = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        read(chapters[0]!.id, { address: '198.51.100.70', agent: `Burst/${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.counted)).toHaveLength(budget);
    expect((await storyRow(story.id)).reads_count).toBe(budget);
    expect((await chapterReads(chapters[0]!.id)).reads_count).toBe(budget);
    expect(await readRows(chapters[0]!.id)).toHaveLength(budget);
  });

  it('gives one IPv6 /64 one budget, and an IPv4-mapped address its IPv4 one', async () => {
    const author = await newUser();
    const { chapters } = await storyWithChapters(author.auth);
    const chapter = chapters[0]!.id;
    let counted = 0;
    const oneNetwork = [
      '2001:db8:5:6::1',
      '2001:db8:5:6::2',
      '2001:db8:5:6:a:b:c:d',
      '2001:db8:5:6:ffff:ffff:ffff:ffff',
      '2001:0db8:0005:0006:1234::5678',
    ];
    for (const address of oneNetwork) counted += await rotatedReads(chapter, address, 2);
    expect(counted).toBe(budget);
    expect(await rotatedReads(chapter, '2001:db8:5:7::1', 1)).toBe(1);

    expect(await rotatedReads(chapter, '192.0.2.80', 2)).toBe(2);
    expect(await rotatedReads(chapter, '::ffff:192.0.2.80', 2)).toBe(budget - 2);
    // Mapped addresses are not one /64 (::ffff:0:0/96 holds every IPv4 address).
    expect(await rotatedReads(chapter, '::ffff:192.0.2.81', 1)).toBe(1);
  });

  it('starts a new budget each UTC day, and deletes the last day’s with its salt', async () => {
    const author = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const address = '198.51.100.90';
    // The last minute of tomorrow, then the first of the day after: near now, because on
    // PostgreSQL the trending update's exp() underflows for a read years after the story's last.
    const now = new Date();
    const dayAfter = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 2);
    const [first, second] = [new Date(dayAfter - MINUTE), new Date(dayAfter + MINUTE)];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(first);
      expect(await rotatedReads(chapters[0]!.id, address, 5)).toBe(budget);
      expect((await budgetRows(chapters[0]!.id)).map((r) => r.day)).toEqual([utcDay(first)]);

      vi.setSystemTime(second);
      expect(await rotatedReads(chapters[0]!.id, address, 5)).toBe(budget);
      expect((await storyRow(story.id)).reads_count).toBe(2 * budget);
      // Nothing of the day before is left: neither its salt nor any budget.
      const days = await db()
        .selectFrom('anonymous_read_budget')
        .select('day')
        .distinct()
        .execute();
      expect(days.map((d) => d.day)).toEqual([utcDay(second)]);
      const salts = await db().selectFrom('reader_salts').select('day').execute();
      expect(salts.map((d) => d.day)).toEqual([utcDay(second)]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /chapters/{id}/progress: access and input', () => {
  it('answers a private story with story_private for everyone but its author', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth, { visibility: 'private' });
    for (const auth of [undefined, other.auth]) {
      const res = await read(chapters[0]!.id, { auth, storyId: story.id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.storyPrivate,
        error: { code: 'story_private' },
      });
    }
    const own = await read(chapters[0]!.id, { auth: author.auth, storyId: story.id });
    expect(own.status).toBe(200);
    expect(own.body.data.counted).toBe(false);
    expect(
      await db()
        .selectFrom('chapter_reads')
        .select('reader_key')
        .where('story_id', '=', story.id)
        .execute(),
    ).toEqual([]);
  });

  it('answers an unpublished chapter with 404 for everyone but the author, and never counts it', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story } = await storyWithChapters(author.auth);
    const draft = await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Draft',
      content: '<p>Not yet.</p>',
    });
    expect(draft.status).toBe(201);
    for (const auth of [undefined, other.auth]) {
      const res = await read(draft.body.data.id, { auth });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(STORY_MESSAGES.chapterNotFound);
    }
    const own = await read(draft.body.data.id, { auth: author.auth });
    expect(own.body.data).toEqual({ counted: false, reads_count: 0, story_reads_count: 0 });
  });

  it('refuses a story_id that is not the chapter’s story, and derives a missing one', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapters } = await storyWithChapters(author.auth);
    const { story: other } = await storyWithChapters(author.auth);
    const wrong = await read(chapters[0]!.id, { auth: reader.auth, storyId: other.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'invalid_input',
      details: { story_id: DISCOVERY_MESSAGES.storyIdMismatch },
    });
    const garbage = await read(chapters[0]!.id, { auth: reader.auth, storyId: 'nope' });
    expect(garbage.status).toBe(400);
    expect((await chapterReads(chapters[0]!.id)).reads_count).toBe(0);
    const derived = await read(chapters[0]!.id, { auth: reader.auth });
    expect(derived.body.data.counted).toBe(true);
  });

  it('answers unknown and malformed chapter ids with 404', async () => {
    for (const id of ['0190a0a0-0000-7000-8000-00000000abcd', 'not-an-id']) {
      const res = await read(id);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    }
  });

  it('answers a presented bad token with 401 (no silent visitor read)', async () => {
    const author = await newUser();
    const { chapters } = await storyWithChapters(author.auth);
    const res = await read(chapters[0]!.id, { auth: { authorization: 'Bearer nonsense' } });
    expect(res.status).toBe(401);
    expect((await chapterReads(chapters[0]!.id)).reads_count).toBe(0);
  });
});

describe('anonymous reader keys', () => {
  it('differ per day for the same visitor, and a past day’s salt is deleted', async () => {
    const keys = createReaderKeys(db());
    const day1 = new Date('2031-03-01T10:00:00Z');
    const day2 = new Date('2031-03-02T10:00:00Z');
    const a = await keys.anonymous('192.0.2.1', 'UA', day1);
    expect(a.day).toBe('2031-03-01');
    expect(a.readerKey).toMatch(/^anon:[\w-]{22}$/);
    expect(a.addressKey).toMatch(/^[\w-]{22}$/);
    expect(await keys.anonymous('192.0.2.1', 'UA', new Date('2031-03-01T23:59:59Z'))).toEqual(a);
    const otherAddress = await keys.anonymous('192.0.2.2', 'UA', day1);
    expect(otherAddress.readerKey).not.toBe(a.readerKey);
    expect(otherAddress.addressKey).not.toBe(a.addressKey);
    // Another browser at the address is another reader, with the same address budget.
    const otherAgent = await keys.anonymous('192.0.2.1', 'UA2', day1);
    expect(otherAgent.readerKey).not.toBe(a.readerKey);
    expect(otherAgent.addressKey).toBe(a.addressKey);
    const b = await keys.anonymous('192.0.2.1', 'UA', day2);
    expect(b.readerKey).not.toBe(a.readerKey);
    expect(b.addressKey).not.toBe(a.addressKey);
    // Every salt of an earlier day is gone (later days' salts belong to other tests' clocks).
    const days = (await db().selectFrom('reader_salts').select('day').execute()).map((d) => d.day);
    expect(days).toContain('2031-03-02');
    expect(days.filter((day) => day < '2031-03-02')).toEqual([]);
    // Another node (or a restart) on the same day derives the same keys from the stored salt.
    expect(await createReaderKeys(db()).anonymous('192.0.2.1', 'UA', day2)).toEqual(b);
  });

  it('count an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(readerNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(readerNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(readerNetwork('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(readerNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(readerNetwork('::1')).toBe('0:0:0:0::/64');
    expect(readerNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(readerNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(readerNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(readerNetwork('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
    expect(readerNetwork('not an address')).toBe('not an address');
  });
});

describe('reading progress', () => {
  it('puts the chapter last opened into GET /stories/{id} for the signed-in reader', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    expect(
      (await call(t, 'GET', `/stories/${story.id}`, reader.auth)).body.data.progress,
    ).toBeNull();
    expect(await call(t, 'GET', `/stories/${story.id}`)).not.toHaveProperty('body.data.progress');

    await read(chapters[1]!.id, { auth: reader.auth });
    expect((await call(t, 'GET', `/stories/${story.id}`, reader.auth)).body.data.progress).toEqual({
      chapter_id: chapters[1]!.id,
      order: 2,
    });
    // Going back moves the position back (it is where the reader stopped).
    await read(chapters[0]!.id, { auth: reader.auth });
    expect((await call(t, 'GET', `/stories/${story.id}`, reader.auth)).body.data.progress).toEqual({
      chapter_id: chapters[0]!.id,
      order: 1,
    });
    // The order follows the chapter when the author moves it.
    await call(t, 'PATCH', `/chapters/${chapters[0]!.id}`, author.auth, { order: 2 });
    expect(
      (await call(t, 'GET', `/stories/${story.id}`, reader.auth)).body.data.progress.order,
    ).toBe(2);
  });

  it('lists stories in progress for Continue Reading, most recent first, public only', async () => {
    const author = await newUser();
    const reader = await newUser();
    const first = await storyWithChapters(author.auth, { title: 'First read' });
    const second = await storyWithChapters(author.auth, { title: 'Second read' });
    const third = await storyWithChapters(author.auth, { title: 'Third read' });
    await read(first.chapters[1]!.id, { auth: reader.auth });
    await read(second.chapters[0]!.id, { auth: reader.auth });
    await read(third.chapters[0]!.id, { auth: reader.auth });
    // Distinct, ordered times regardless of clock resolution.
    const times = [
      '2031-01-01T00:00:03.000Z',
      '2031-01-01T00:00:01.000Z',
      '2031-01-01T00:00:02.000Z',
    ];
    for (const [i, s] of [first, second, third].entries()) {
      await db()
        .updateTable('reading_progress')
        .set({ updated_at: times[i]! })
        .where('user_id', '=', reader.user.id)
        .where('story_id', '=', s.story.id)
        .execute();
    }

    const res = await call(t, 'GET', '/users/me/progress?limit=2', reader.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((i: { story: { title: string } }) => i.story.title)).toEqual([
      'First read',
      'Third read',
    ]);
    expect(res.body.data.items[0]).toMatchObject({
      chapter_id: first.chapters[1]!.id,
      chapter_order: 2,
      chapter_title: 'Two',
      updated_at: times[0],
      story: {
        id: first.story.id,
        author: { id: author.user.id, username: author.user.username },
        is_liked: false,
        is_saved: false,
      },
    });
    const page2 = await call(t, 'GET', '/users/me/progress?limit=2&page=2', reader.auth);
    expect(page2.body.data.items.map((i: { story: { title: string } }) => i.story.title)).toEqual([
      'Second read',
    ]);

    // A story that goes private leaves the list; so does a chapter that goes back to draft.
    await call(t, 'PATCH', `/stories/${third.story.id}`, author.auth, { visibility: 'private' });
    await call(t, 'PATCH', `/chapters/${second.chapters[0]!.id}`, author.auth, {
      published: false,
    });
    const after = await call(t, 'GET', '/users/me/progress', reader.auth);
    expect(after.body.data.total).toBe(1);
    expect(after.body.data.items.map((i: { story: { title: string } }) => i.story.title)).toEqual([
      'First read',
    ]);
  });

  it('needs a signed-in caller', async () => {
    expect((await call(t, 'GET', '/users/me/progress')).status).toBe(401);
    expect((await call(t, 'GET', '/users/me/stats')).status).toBe(401);
  });
});

describe('GET /users/me/stats', () => {
  it("counts the caller's writing and this month's reading for the challenge", async () => {
    const author = await newUser();
    const reader = await newUser();
    const a = await storyWithChapters(author.auth);
    const b = await storyWithChapters(author.auth);
    await createStory(t, author.auth, { visibility: 'private' });
    await read(a.chapters[0]!.id, { auth: reader.auth });
    await read(a.chapters[1]!.id, { auth: reader.auth });
    await read(b.chapters[0]!.id, { auth: reader.auth });
    // A read from an earlier month counts for the lifetime totals only.
    const old = await storyWithChapters(author.auth, { genre: 'Mystery' });
    await read(old.chapters[0]!.id, { auth: reader.auth });
    await db()
      .updateTable('chapter_reads')
      .set({ read_at: '2020-01-15T12:00:00.000Z' })
      .where('user_id', '=', reader.user.id)
      .where('story_id', '=', old.story.id)
      .execute();

    const mine = await call(t, 'GET', '/users/me/stats', reader.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({
      stories_written: 0,
      public_stories: 0,
      total_reads: 0,
      total_likes: 0,
      followers_count: 0,
      following_count: 0,
      chapters_read: 4,
      words_read: 3 + 5 + 3 + 3,
      favourite_genre: 'Fantasy',
      reading_challenge: {
        month: new Date().toISOString().slice(0, 7),
        goal: 10,
        stories_read: 2,
        chapters_read: 3,
        completed: false,
      },
    });

    const theirs = await call(t, 'GET', '/users/me/stats', author.auth);
    expect(theirs.body.data).toMatchObject({
      stories_written: 4,
      public_stories: 3,
      total_reads: 4,
      chapters_read: 0,
      favourite_genre: null,
      reading_challenge: { stories_read: 0, completed: false },
    });
  });

  it('names the genre read most, a tie going to the one read last', async () => {
    const author = await newUser();
    const reader = await newUser();
    const romance = await storyWithChapters(author.auth, { genre: 'Romance' });
    const horror = await storyWithChapters(author.auth, { genre: 'Horror' });
    await read(romance.chapters[0]!.id, { auth: reader.auth });
    await read(horror.chapters[0]!.id, { auth: reader.auth });
    await db()
      .updateTable('chapter_reads')
      .set({ read_at: '2020-01-15T12:00:00.000Z' })
      .where('user_id', '=', reader.user.id)
      .where('story_id', '=', romance.story.id)
      .execute();
    const stats = async () =>
      (await call(t, 'GET', '/users/me/stats', reader.auth)).body.data.favourite_genre;
    expect(await stats()).toBe('Horror');
    await read(romance.chapters[1]!.id, { auth: reader.auth });
    expect(await stats()).toBe('Romance');
  });
});
