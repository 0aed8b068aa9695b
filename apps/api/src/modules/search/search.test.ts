import { LIMITS } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = (username?: string) =>
  createUser(t.testDb.db, t.config, username ? { username } : {});
type Auth = { authorization: string } | undefined;
type Item = { id: string; title: string };
type Page = { items: Item[]; total: number; page: number; limit: number };

async function search(query: string, auth?: Auth): Promise<Page> {
  const res = await call(t, 'GET', `/stories/search?${query}`, auth);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const titles = async (q: string, extra = '') =>
  (await search(`q=${encodeURIComponent(q)}${extra}`)).items.map((item) => item.title);

describe('GET /stories/search: matching and ranking', () => {
  it('ranks a title match above a description match', async () => {
    const author = await newUser();
    await createStory(t, author.auth, {
      title: 'Harbour tales',
      description: 'A keeper tends the lighthouse through the winter.',
      tags: [],
    });
    await createStory(t, author.auth, { title: 'The Lighthouse', description: 'Waves.', tags: [] });
    expect(await titles('lighthouse')).toEqual(['The Lighthouse', 'Harbour tales']);
    expect((await search('q=lighthouse')).total).toBe(2);
  });

  it('matches the last word as a prefix, every word being required', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Marmalade skies', tags: [] });
    await createStory(t, author.auth, { title: 'Marmot mornings', tags: [] });
    expect((await titles('marm')).sort()).toEqual(['Marmalade skies', 'Marmot mornings']);
    expect(await titles('marmot morn')).toEqual(['Marmot mornings']);
    // Only the last word is a prefix.
    expect(await titles('marm mornings')).toEqual([]);
    expect(await titles('marmalade zebra')).toEqual([]);
  });

  it('ignores case and accents on both sides', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Café Society', tags: [] });
    await createStory(t, author.auth, { title: 'NAIVE GARDEN', tags: [] });
    expect(await titles('cafe')).toEqual(['Café Society']);
    expect(await titles('CAFÉ SOCIETY')).toEqual(['Café Society']);
    expect(await titles('caf')).toEqual(['Café Society']);
    expect(await titles('naïve garden')).toEqual(['NAIVE GARDEN']);
    // Decomposed input (e + combining acute) is the same word.
    expect(await titles('cafe\u0301')).toEqual(['Café Society']);
  });

  it('matches tags and the author’s username', async () => {
    const author = await newUser('quillmaster_ada');
    await createStory(t, author.auth, { title: 'Plain title', tags: ['Steampunk', 'airships'] });
    expect(await titles('steampunk')).toEqual(['Plain title']);
    expect(await titles('AIRSHIP')).toEqual(['Plain title']);
    expect(await titles('quillmaster')).toEqual(['Plain title']);
    expect(await titles('quillmaster_ada')).toEqual(['Plain title']);
  });

  it('filters by genre and sorts by the list orders on request', async () => {
    const author = await newUser();
    const a = await createStory(t, author.auth, { title: 'Ember one', genre: 'Thriller' });
    const b = await createStory(t, author.auth, { title: 'Ember two', genre: 'Thriller' });
    await createStory(t, author.auth, { title: 'Ember three', genre: 'Comedy' });
    await db().updateTable('stories').set({ popular_score: 5 }).where('id', '=', a.id).execute();
    await db().updateTable('stories').set({ popular_score: 9 }).where('id', '=', b.id).execute();
    expect(await titles('ember', '&genre=thriller&sort=popular')).toEqual([
      'Ember two',
      'Ember one',
    ]);
    expect((await search('q=ember&genre=Thriller')).total).toBe(2);
    expect((await call(t, 'GET', '/stories/search?q=ember&sort=best')).status).toBe(400);
  });

  it('answers a blank query like the plain list', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Anything at all' });
    for (const q of ['', '   ', '"" ()', '😀🎉', '---']) {
      const found = await search(`q=${encodeURIComponent(q)}&limit=50`);
      const listed = (await call(t, 'GET', '/stories?limit=50')).body.data;
      expect(found).toEqual(listed);
    }
    expect(await search('limit=5&sort=popular')).toEqual(
      (await call(t, 'GET', '/stories?limit=5&sort=popular')).body.data,
    );
  });

  it('pages the matches without repeats', async () => {
    const author = await newUser();
    for (let i = 0; i < 7; i++)
      await createStory(t, author.auth, { title: `Quokka ${i}`, description: '', tags: [] });
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await search(`q=quokka&limit=3&page=${page}`)).items.map((i) => i.id));
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Past the last page: no stories, and the same total (Discover says the page is past the end).
    for (const page of [4, 99]) {
      const past = await search(`q=quokka&limit=3&page=${page}`);
      expect(past.items).toEqual([]);
      expect(past.total).toBe(7);
    }
  });
});

describe('GET /stories/search: privacy and keeping in step', () => {
  it('never finds a private story, not even for its author', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Clandestine notes', visibility: 'private' });
    for (const auth of [undefined, author.auth])
      expect((await search('q=clandestine', auth)).total).toBe(0);
  });

  it('follows edits, tag and genre changes, visibility changes and deletion', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      title: 'Original wording',
      description: 'About nothing.',
      tags: ['firsttag'],
    });
    expect(await titles('original')).toEqual(['Original wording']);

    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, {
      title: 'Revised phrasing',
      description: 'Now about otters.',
      tags: ['secondtag'],
    });
    expect(await titles('original')).toEqual([]);
    expect(await titles('firsttag')).toEqual([]);
    expect(await titles('revised')).toEqual(['Revised phrasing']);
    expect(await titles('otters')).toEqual(['Revised phrasing']);
    expect(await titles('secondtag')).toEqual(['Revised phrasing']);

    expect(await titles('revised', '&genre=Fantasy')).toEqual(['Revised phrasing']);
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { genre: 'Mystery' });
    expect(await titles('revised', '&genre=Fantasy')).toEqual([]);
    expect(await titles('revised', '&genre=Mystery')).toEqual(['Revised phrasing']);
    expect((await search('q=revised&genre=Mystery')).total).toBe(1);

    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'private' });
    expect(await titles('revised')).toEqual([]);
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'public' });
    expect(await titles('revised')).toEqual(['Revised phrasing']);

    await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
    expect(await titles('revised')).toEqual([]);
  });

  it('follows a username change and the author’s account deletion', async () => {
    const author = await newUser('oldpen');
    await createStory(t, author.auth, { title: 'Signed work' });
    expect(await titles('oldpen')).toEqual(['Signed work']);
    await db()
      .updateTable('users')
      .set({ username: 'newquill' })
      .where('id', '=', author.user.id)
      .execute();
    expect(await titles('oldpen')).toEqual([]);
    expect(await titles('newquill')).toEqual(['Signed work']);

    await call(t, 'DELETE', '/users/me', author.auth, { password: TEST_PASSWORD });
    expect(await titles('signed work')).toEqual([]);
  });

  it('indexes stories written straight into the tables (bulk imports, the seed)', async () => {
    const author = await newUser();
    const id = '0190a0a0-0000-7000-8000-0000000b0b0b';
    const now = new Date().toISOString();
    await db()
      .insertInto('stories')
      .values({
        id,
        author_id: author.user.id,
        title: 'Imported saga',
        genre: 'Drama',
        visibility: 'public',
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('story_tags')
      .values([
        { story_id: id, tag: 'Bulk', tag_key: 'bulk', position: 0 },
        { story_id: id, tag: 'Loaded', tag_key: 'loaded', position: 1 },
      ])
      .execute();
    expect(await titles('imported')).toEqual(['Imported saga']);
    expect(await titles('bulk loaded')).toEqual(['Imported saga']);
  });
});

describe('GET /stories/search: hostile queries', () => {
  const hostile = [
    '"',
    "'",
    '""',
    'a"b',
    "it's",
    'AND',
    'OR',
    'NOT',
    'dragon AND',
    'OR dragon',
    'NEAR(dragon sea)',
    'dragon NEAR/2 sea',
    '*',
    'drag*',
    '^dragon',
    '-dragon',
    '+dragon',
    '(dragon',
    'dragon)',
    '((((',
    'title:dragon',
    '{title description}: dragon',
    ':',
    '\\',
    '%',
    '_',
    '&|!',
    "<-> & | ! :* 'x'",
    "'; DROP TABLE stories; --",
    "1' OR '1'='1",
    'SELECT * FROM users',
    '\u0000dragon',
    '\u202Edragon',
    'דרקון',
    '龍の物語',
    '😀 dragon 🐉',
    'ﬁre', // a ligature
    'x'.repeat(10_000),
    'dragon '.repeat(2_000),
    `${'a b '.repeat(100)}dragon`,
  ];

  it('never fails: every query is treated as words', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Dragon of the sea', tags: ['fire'] });
    for (const q of hostile) {
      const res = await call(t, 'GET', `/stories/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q.slice(0, 40)).toBe(200);
      expect(res.body.success).toBe(true);
      expect(Array.isArray(res.body.data.items)).toBe(true);
    }
    // Operators are words like any other: they are required, not interpreted.
    expect(await titles('dragon sea')).toEqual(['Dragon of the sea']);
    expect(await titles('-dragon')).toEqual(['Dragon of the sea']);
    expect(await titles('dragon NEAR sea')).toEqual([]);
    expect(await titles('ﬁre')).toEqual(['Dragon of the sea']);
    // The stored data is untouched by the SQL-looking input.
    expect(await db().selectFrom('stories').select('id').execute()).not.toHaveLength(0);
  });

  it('truncates a long query instead of refusing it', async () => {
    const long = `dragon ${'y'.repeat(LIMITS.searchQueryMax)} zzz`;
    expect(await titles(long)).toEqual([]);
    // Past the limit the rest is dropped: the words that remain decide.
    const padded = `dragon${' '.repeat(LIMITS.searchQueryMax)}nomatchword`;
    expect(await titles(padded)).toEqual(['Dragon of the sea']);
  });

  it('answers malformed parameters with 400, not 500', async () => {
    for (const query of ['q=a&q=b', 'page=abc', 'limit=-1', 'genre=%00']) {
      const res = await call(t, 'GET', `/stories/search?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});
