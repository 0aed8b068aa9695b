import { DISCOVERY } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof createUser>>;
type Entry = { id: string; username: string; restricted: boolean } & Record<string, unknown>;

const person = (username: string) => createUser(t.testDb.db, t.config, { username });
const follow = (who: Person, whom: Person) =>
  call(t, 'POST', `/users/${whom.user.username}/follow`, who.auth);
const settings = (who: Person, changes: Record<string, unknown>) =>
  call(t, 'PUT', '/users/me/settings', who.auth, changes);

async function directory(query = '', auth?: Person['auth']) {
  const res = await call(t, 'GET', `/users/authors${query}`, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Entry[]; total: number; page: number; limit: number };
}
const names = (page: { items: Entry[] }) => page.items.map((entry) => entry.username);

/**
 * Authors: cora (3 followers), bree and dora (1 each), ezra (none), and pia, a private profile
 * with 4 followers. Readers: r1…r4 write nothing; priv_only has a private story only.
 */
let cora: Person;
let bree: Person;
let dora: Person;
let ezra: Person;
let pia: Person;
let readers: Person[];

beforeAll(async () => {
  cora = await person('cora');
  bree = await person('Bree');
  dora = await person('dora');
  ezra = await person('ezra');
  pia = await person('pia');
  readers = await Promise.all(['r1', 'r2', 'r3', 'r4'].map(person));
  for (const author of [cora, bree, dora, ezra, pia]) await createStory(t, author.auth);
  const privateOnly = await person('priv_only');
  await createStory(t, privateOnly.auth, { visibility: 'private' });
  for (const reader of readers.slice(0, 3)) await follow(reader, cora);
  await follow(readers[0]!, bree);
  await follow(readers[1]!, dora);
  for (const reader of readers) await follow(reader, pia);
  await settings(pia, { profileVisibility: 'private' });
});

describe('GET /users/authors', () => {
  it('lists users with a public story, most followers first, then by name in any case', async () => {
    const page = await directory();
    // pia's 4 followers are hidden by her profile, so they do not rank her: she sits among
    // the authors without followers, by name.
    expect(names(page)).toEqual(['cora', 'Bree', 'dora', 'ezra', 'pia']);
    expect(page).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(page.items[0]).toEqual({
      id: cora.user.id,
      username: 'cora',
      restricted: false,
      bio: null,
      profile_pic: null,
      followers_count: 3,
      stories_count: 1,
    });
  });

  it('pages in that order without overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => directory(`?limit=2&page=${n}`)));
    expect(pages.map(names)).toEqual([['cora', 'Bree'], ['dora', 'ezra'], ['pia']]);
    expect(pages.every((page) => page.total === 5)).toBe(true);
    expect((await directory('?limit=2&page=4')).items).toEqual([]);
  });

  it('refuses pages past the result window and bad paging, like every list', async () => {
    const deep = Math.floor(DISCOVERY.resultWindow / 20) + 1;
    const res = await call(t, 'GET', `/users/authors?page=${deep}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details.page).toBeDefined();
    for (const query of ['?page=0', '?limit=101', '?page=abc']) {
      expect((await call(t, 'GET', `/users/authors${query}`)).status).toBe(400);
    }
  });

  it('shows a hidden profile as id and username only, to visitors and to the people it does not follow', async () => {
    for (const viewer of [undefined, readers[0]!.auth]) {
      const entry = (await directory('', viewer)).items.find((e) => e.id === pia.user.id)!;
      const { is_following: _relation, ...shown } = entry;
      expect(shown).toEqual({ id: pia.user.id, username: 'pia', restricted: true });
    }
  });

  it("ranks and shows 'Following Only' profiles like hidden ones, except to the people they follow", async () => {
    await settings(cora, { profileVisibility: 'friends' });
    await follow(cora, readers[3]!);
    try {
      expect(names(await directory())).toEqual(['Bree', 'dora', 'cora', 'ezra', 'pia']);
      const seenByFriend = (await directory('', readers[3]!.auth)).items.find(
        (e) => e.id === cora.user.id,
      )!;
      expect(seenByFriend).toMatchObject({ restricted: false, followers_count: 3 });
      const seenByOther = (await directory('', readers[0]!.auth)).items.find(
        (e) => e.id === cora.user.id,
      )!;
      expect(seenByOther).toEqual({
        id: cora.user.id,
        username: 'cora',
        restricted: true,
        is_following: true,
      });
    } finally {
      await call(t, 'POST', `/users/${readers[3]!.user.username}/unfollow`, cora.auth);
      await settings(cora, { profileVisibility: 'public' });
    }
    expect(names(await directory())).toEqual(['cora', 'Bree', 'dora', 'ezra', 'pia']);
  });

  it('tells a signed-in caller whom they follow; never on their own entry, never to visitors', async () => {
    const asReader = await directory('', readers[0]!.auth);
    const following = Object.fromEntries(asReader.items.map((e) => [e.username, e.is_following]));
    expect(following).toEqual({ cora: true, Bree: true, dora: false, ezra: false, pia: true });

    const asAuthor = await directory('', bree.auth);
    const own = asAuthor.items.find((e) => e.id === bree.user.id)!;
    expect(own).not.toHaveProperty('is_following');
    expect(asAuthor.items.find((e) => e.id === cora.user.id)).toHaveProperty('is_following', false);

    expect((await directory()).items.some((e) => 'is_following' in e)).toBe(false);
  });

  it('follows the stories: an author whose last public story turns private leaves, a new one joins', async () => {
    const story = (await call(t, 'GET', `/users/${ezra.user.username}/stories`)).body.data.items[0];
    await call(t, 'PATCH', `/stories/${story.id}`, ezra.auth, { visibility: 'private' });
    const newcomer = await person('aaron');
    await createStory(t, newcomer.auth);
    try {
      const page = await directory();
      expect(names(page)).toEqual(['cora', 'Bree', 'dora', 'aaron', 'pia']);
      expect(page.total).toBe(5);
    } finally {
      await call(t, 'PATCH', `/stories/${story.id}`, ezra.auth, { visibility: 'public' });
      await call(t, 'DELETE', '/users/me', newcomer.auth, { password: TEST_PASSWORD });
    }
  });
});
