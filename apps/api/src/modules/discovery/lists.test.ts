import { DISCOVERY_MESSAGES, STORY_SORTS } from '@storyloom/shared';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoriesTable } from '../../db/types.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { TRENDING_WEIGHTS, trendingAdd, trendingEvent } from '../stories/ranking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string } | undefined;
type Item = { id: string; title: string; genre: string; visibility: string };

const setStory = (id: string, changes: Updateable<StoriesTable>) =>
  db().updateTable('stories').set(changes).where('id', '=', id).execute();

const list = async (query: string, auth?: Auth) => {
  const res = await call(t, 'GET', `/stories?${query}`, auth);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { items: Item[]; total: number; page: number; limit: number };
};

/** Every page of a list, walked to the end: the ids in order. */
async function walk(query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const data = await list(`${query}&limit=${limit}&page=${page}`);
    ids.push(...data.items.map((item) => item.id));
    if (data.items.length < limit) return ids;
  }
}

describe('GET /stories: orders', () => {
  it('orders latest by first publication, popular by lifetime score, trending by decayed recent activity', async () => {
    const author = await newUser();
    const now = Date.now();
    const DAY = 86_400_000;
    // An old hit: published a month ago, 50 reads ten days ago.
    const old = await createStory(t, author.auth, { genre: 'Horror', title: 'Old hit' });
    let trending = trendingEvent(TRENDING_WEIGHTS.publish, now - 30 * DAY);
    for (let i = 0; i < 50; i++)
      trending = trendingAdd(trending, trendingEvent(TRENDING_WEIGHTS.read, now - 10 * DAY));
    await setStory(old.id, {
      published_at: new Date(now - 30 * DAY).toISOString(),
      reads_count: 50,
      popular_score: 50,
      trending_score: trending,
    });
    // A middling story from two weeks ago.
    const mid = await createStory(t, author.auth, { genre: 'Horror', title: 'Middling' });
    await setStory(mid.id, {
      published_at: new Date(now - 14 * DAY).toISOString(),
      reads_count: 10,
      popular_score: 10,
      trending_score: trendingEvent(TRENDING_WEIGHTS.read, now - 12 * DAY),
    });
    // A new story that three readers take to right now, through the real read path.
    const fresh = await createStory(t, author.auth, { genre: 'Horror', title: 'New rising' });
    const [chapter] = await chaptersOf(t, fresh.id, author.auth);
    for (let i = 0; i < 3; i++) {
      const reader = await newUser();
      const res = await call(t, 'POST', `/chapters/${chapter!.id}/progress`, reader.auth);
      expect(res.body.data.counted).toBe(true);
    }

    const titles = async (sort: string) =>
      (await list(`genre=Horror&sort=${sort}`)).items.map((item) => item.title);
    expect(await titles('latest')).toEqual(['New rising', 'Middling', 'Old hit']);
    expect(await titles('popular')).toEqual(['Old hit', 'Middling', 'New rising']);
    expect(await titles('trending')).toEqual(['New rising', 'Old hit', 'Middling']);
    // latest is the default order.
    expect((await list('genre=Horror')).items.map((item) => item.title)).toEqual(
      await titles('latest'),
    );
  });

  it('breaks ties by id, so walking the pages yields every story exactly once', async () => {
    const author = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 13; i++)
      ids.push((await createStory(t, author.auth, { genre: 'Poetry', title: `Tie ${i}` })).id);
    for (const id of ids) {
      await setStory(id, {
        published_at: '2030-01-01T00:00:00.000Z',
        popular_score: 7,
        trending_score: 3.5,
      });
    }
    const expected = [...ids].sort().reverse();
    for (const sort of STORY_SORTS) {
      const walked = await walk(`genre=Poetry&sort=${sort}`, 4);
      expect(walked).toEqual(expected);
    }
  });

  it('walks every public story exactly once in each order, across genres', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { genre: 'Drama', visibility: 'private' });
    const expected = await db()
      .selectFrom('stories')
      .select('id')
      .where('visibility', '=', 'public')
      .execute();
    for (const sort of STORY_SORTS) {
      const walked = await walk(`sort=${sort}`, 5);
      expect(new Set(walked).size).toBe(walked.length);
      expect([...walked].sort()).toEqual(expected.map((row) => row.id).sort());
      expect((await list(`sort=${sort}`)).total).toBe(expected.length);
    }
  });
});

describe('GET /stories: filters, payloads and totals', () => {
  it('filters by genre in any case; blank and All mean every genre', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { genre: 'Sci-Fi', title: 'Stars' });
    await createStory(t, author.auth, { genre: 'Sci-Fi', title: 'Moons' });
    await createStory(t, author.auth, { genre: 'Comedy', title: 'Jokes' });
    for (const genre of ['Sci-Fi', 'sci-fi', 'SCI-FI']) {
      const data = await list(`genre=${genre}`);
      expect(data.items.map((item) => item.title).sort()).toEqual(['Moons', 'Stars']);
      expect(data.total).toBe(2);
    }
    const all = await list('');
    for (const genre of ['All', 'all', '']) {
      const data = await list(`genre=${genre}`);
      expect(data.total).toBe(all.total);
    }
  });

  it('refuses an unknown genre or sort, a page size over 100 and pages beyond the window', async () => {
    const cases: [string, string, string][] = [
      ['genre=Cooking', 'genre', DISCOVERY_MESSAGES.genreInvalid],
      ['sort=oldest', 'sort', DISCOVERY_MESSAGES.sortInvalid],
      ['page=835&limit=12', 'page', DISCOVERY_MESSAGES.pageTooDeep],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(t, 'GET', `/stories?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details[field]).toBe(message);
    }
    expect((await call(t, 'GET', '/stories?limit=101')).status).toBe(400);
    expect((await call(t, 'GET', '/stories?page=0')).status).toBe(400);
    // The last page inside the window is served (empty here).
    expect((await call(t, 'GET', '/stories?page=834&limit=12')).body.data.items).toEqual([]);
  });

  it('embeds author, tags and the caller’s likes and saves; visitors get no flags', async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth, {
      genre: 'Adventure',
      tags: ['Maps', 'sea'],
    });
    const now = new Date().toISOString();
    await db()
      .insertInto('saves')
      .values({ user_id: reader.user.id, story_id: story.id, created_at: now })
      .execute();
    const signedIn = (await list('genre=Adventure', reader.auth)).items[0];
    expect(signedIn).toMatchObject({
      id: story.id,
      tags: ['Maps', 'sea'],
      author: { id: author.user.id, username: author.user.username, profile_pic: null },
      is_liked: false,
      is_saved: true,
    });
    const visitor = (await list('genre=Adventure')).items[0]!;
    expect(visitor).not.toHaveProperty('is_liked');
    expect(visitor).not.toHaveProperty('is_saved');
  });

  it('keeps totals in step with creation, visibility and genre changes and deletion', async () => {
    const author = await newUser();
    const total = async (genre: string) => (await list(`genre=${genre}`)).total;
    const base = await total('Historical');
    const baseAll = (await list('')).total;
    const a = await createStory(t, author.auth, { genre: 'Historical' });
    const b = await createStory(t, author.auth, { genre: 'Historical' });
    await createStory(t, author.auth, { genre: 'Historical', visibility: 'private' });
    expect(await total('Historical')).toBe(base + 2);
    expect((await list('')).total).toBe(baseAll + 2);

    await call(t, 'PATCH', `/stories/${a.id}`, author.auth, { visibility: 'private' });
    expect(await total('Historical')).toBe(base + 1);
    await call(t, 'PATCH', `/stories/${a.id}`, author.auth, { visibility: 'public' });
    expect(await total('Historical')).toBe(base + 2);

    const thrillers = await total('Thriller');
    await call(t, 'PATCH', `/stories/${b.id}`, author.auth, { genre: 'Thriller' });
    expect(await total('Historical')).toBe(base + 1);
    expect(await total('Thriller')).toBe(thrillers + 1);
    expect((await list('')).total).toBe(baseAll + 2);

    await call(t, 'DELETE', `/stories/${b.id}`, author.auth);
    expect(await total('Thriller')).toBe(thrillers);
    expect((await list('')).total).toBe(baseAll + 1);
  });

  it('never lists a private story, in any order, to anyone', async () => {
    const author = await newUser();
    const hidden = await createStory(t, author.auth, {
      genre: 'Romance',
      visibility: 'private',
      title: 'Hidden',
    });
    await setStory(hidden.id, { popular_score: 1e9, trending_score: 1e6 });
    for (const sort of STORY_SORTS) {
      for (const auth of [undefined, author.auth]) {
        const ids = (await list(`sort=${sort}&limit=100`, auth)).items.map((item) => item.id);
        expect(ids).not.toContain(hidden.id);
        const byGenre = (await list(`sort=${sort}&genre=Romance`, auth)).items;
        expect(byGenre.map((item) => item.id)).not.toContain(hidden.id);
      }
    }
  });
});

describe('GET /stories/{id}/similar', () => {
  it('gives up to 4 other public stories of the genre, most popular first', async () => {
    const author = await newUser();
    const other = await newUser();
    const story = await createStory(t, author.auth, { genre: 'Young Adult', title: 'Base' });
    await setStory(story.id, { popular_score: 1000 });
    const scores = [50, 40, 30, 20, 10];
    const made: string[] = [];
    for (const [i, score] of scores.entries()) {
      const s = await createStory(t, other.auth, { genre: 'Young Adult', title: `Like ${i}` });
      await setStory(s.id, { popular_score: score });
      made.push(s.id);
    }
    const hidden = await createStory(t, other.auth, {
      genre: 'Young Adult',
      visibility: 'private',
    });
    await setStory(hidden.id, { popular_score: 999 });
    await createStory(t, other.auth, { genre: 'Drama', title: 'Elsewhere' });

    const res = await call(t, 'GET', `/stories/${story.id}/similar`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: Item) => s.id)).toEqual(made.slice(0, 4));
    expect(res.body.data[0].author).toMatchObject({ id: other.user.id });
    const two = await call(t, 'GET', `/stories/${story.id}/similar?limit=2`, other.auth);
    expect(two.body.data.map((s: Item) => s.id)).toEqual(made.slice(0, 2));
    expect(two.body.data[0]).toHaveProperty('is_liked', false);
    expect((await call(t, 'GET', `/stories/${story.id}/similar?limit=5`)).status).toBe(400);
  });

  it('answers for a private story as reading it does', async () => {
    const author = await newUser();
    const other = await newUser();
    const hidden = await createStory(t, author.auth, { visibility: 'private' });
    const res = await call(t, 'GET', `/stories/${hidden.id}/similar`, other.auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('story_private');
    expect((await call(t, 'GET', `/stories/${hidden.id}/similar`, author.auth)).status).toBe(200);
    const missing = await call(t, 'GET', '/stories/0190a0a0-0000-7000-8000-00000000dead/similar');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});
