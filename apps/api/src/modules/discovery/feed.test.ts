import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoriesTable } from '../../db/types.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = (username?: string) =>
  createUser(t.testDb.db, t.config, username ? { username } : {});

async function follow(followerId: string, followeeId: string) {
  await db()
    .insertInto('follows')
    .values({
      follower_id: followerId,
      followee_id: followeeId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

const setStory = (id: string, changes: Updateable<StoriesTable>) =>
  db().updateTable('stories').set(changes).where('id', '=', id).execute();

describe('GET /feed/following', () => {
  it('lists public stories by followed authors, newest first', async () => {
    const reader = await newUser();
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await follow(reader.user.id, a.user.id);
    await follow(reader.user.id, b.user.id);
    const a1 = await createStory(t, a.auth, { title: 'A one' });
    const b1 = await createStory(t, b.auth, { title: 'B one' });
    const a2 = await createStory(t, a.auth, { title: 'A two' });
    await createStory(t, a.auth, { title: 'A private', visibility: 'private' });
    await createStory(t, c.auth, { title: 'Not followed' });
    await setStory(a1.id, { published_at: '2030-01-01T00:00:01.000Z' });
    await setStory(b1.id, { published_at: '2030-01-01T00:00:03.000Z' });
    await setStory(a2.id, { published_at: '2030-01-01T00:00:02.000Z' });

    const res = await call(t, 'GET', '/feed/following', reader.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((s: { title: string }) => s.title)).toEqual([
      'B one',
      'A two',
      'A one',
    ]);
    expect(res.body.data.items[0]).toMatchObject({
      author: { id: b.user.id, username: b.user.username },
      is_liked: false,
    });
    const page2 = await call(t, 'GET', '/feed/following?limit=2&page=2', reader.auth);
    expect(page2.body.data.items.map((s: { title: string }) => s.title)).toEqual(['A one']);
  });

  it('is empty for someone who follows nobody, and needs a signed-in caller', async () => {
    const loner = await newUser();
    const res = await call(t, 'GET', '/feed/following', loner.auth);
    expect(res.body.data).toEqual({ items: [], total: 0, page: 1, limit: 20 });
    expect((await call(t, 'GET', '/feed/following')).status).toBe(401);
  });
});

describe('GET /users/suggested', () => {
  it('suggests up to 5 authors of the most popular stories, not the caller nor whom they follow', async () => {
    const me = await newUser();
    const authors: Awaited<ReturnType<typeof newUser>>[] = [];
    for (let i = 0; i < 8; i++) authors.push(await newUser());
    // Popularity, highest first: me, author0, author1 (twice), author2, … author7.
    const mine = await createStory(t, me.auth);
    await setStory(mine.id, { popular_score: 2_000_000 });
    for (const [i, author] of authors.entries()) {
      const s = await createStory(t, author.auth);
      await setStory(s.id, { popular_score: 1_000_000 - i });
    }
    const second = await createStory(t, authors[1]!.auth);
    await setStory(second.id, { popular_score: 1_500_000 });
    const hidden = await createStory(t, authors[7]!.auth, { visibility: 'private' });
    await setStory(hidden.id, { popular_score: 3_000_000 });
    await follow(me.user.id, authors[0]!.user.id);

    const res = await call(t, 'GET', '/users/suggested', me.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { id: string }) => u.id)).toEqual(
      [1, 2, 3, 4, 5].map((i) => authors[i]!.user.id),
    );
    expect(res.body.data[0]).toEqual({
      id: authors[1]!.user.id,
      username: authors[1]!.user.username,
      restricted: false,
      bio: null,
      profile_pic: null,
      followers_count: 0,
      stories_count: 2,
    });
    const two = await call(t, 'GET', '/users/suggested?limit=2', me.auth);
    expect(two.body.data).toHaveLength(2);
    expect((await call(t, 'GET', '/users/suggested?limit=6', me.auth)).status).toBe(400);
    expect((await call(t, 'GET', '/users/suggested')).status).toBe(401);
  });
});

describe('GET /users/search', () => {
  it('finds usernames by prefix in any case, in username order', async () => {
    await newUser('Zed_alpha');
    await newUser('zed-beta');
    await newUser('ZEDGAMMA');
    await newUser('zeb');
    const names = async (q: string, extra = '') =>
      (await call(t, 'GET', `/users/search?q=${encodeURIComponent(q)}${extra}`)).body.data.map(
        (u: { username: string }) => u.username,
      );
    expect(await names('zed')).toEqual(['zed-beta', 'Zed_alpha', 'ZEDGAMMA']);
    expect(await names('ZED')).toEqual(['zed-beta', 'Zed_alpha', 'ZEDGAMMA']);
    expect(await names('@Ze')).toEqual(['zeb', 'zed-beta', 'Zed_alpha', 'ZEDGAMMA']);
    // '_' and '%' are plain characters, not wildcards.
    expect(await names('zed_')).toEqual(['Zed_alpha']);
    expect(await names('ze%')).toEqual([]);
    expect(await names('zed', '&limit=1')).toEqual(['zed-beta']);
    for (const q of ['', '   ', 'z e', "z'; drop table users; --", '😀', 'x'.repeat(5000)])
      expect(await names(q)).toEqual([]);
  });

  it('shows only id and username of a user whose profile is hidden', async () => {
    const hidden = await newUser('Yvonne_hidden');
    await db()
      .insertInto('user_settings')
      .values({
        user_id: hidden.user.id,
        settings: JSON.stringify({ profileVisibility: 'private' }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const res = await call(t, 'GET', '/users/search?q=yvonne');
    expect(res.body.data).toEqual([
      { id: hidden.user.id, username: 'Yvonne_hidden', restricted: true },
    ]);
    const own = await call(t, 'GET', '/users/search?q=yvonne', hidden.auth);
    expect(own.body.data[0]).toMatchObject({ restricted: false, followers_count: 0 });
  });
});

describe('route order', () => {
  it('serves the static paths, not the /stories/{id} and /users/{username} routes', async () => {
    const me = await newUser('search');
    const search = await call(t, 'GET', '/stories/search?q=anything');
    expect(search.status).toBe(200);
    expect(search.body.data).toMatchObject({ items: [], page: 1 });
    const users = await call(t, 'GET', '/users/search?q=search');
    expect(users.status).toBe(200);
    expect(users.body.data.map((u: { username: string }) => u.username)).toEqual(['search']);
    const suggested = await call(t, 'GET', '/users/suggested', me.auth);
    expect(suggested.status).toBe(200);
    expect(Array.isArray(suggested.body.data)).toBe(true);
    // The user named "search" is still reachable by its profile route.
    const profile = await call(t, 'GET', `/users/${me.user.id}`);
    expect(profile.status).toBe(200);
  });
});
