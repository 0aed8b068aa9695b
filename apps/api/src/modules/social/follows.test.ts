import { PEOPLE_MESSAGES } from '@storyloom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { testDbKind } from '../../test/db.js';
import { createUser } from '../../test/factories.js';
import { counterMismatches } from '../../test/social.js';
import { call } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };
const follow = (auth: Auth, who: string) => call(t, 'POST', `/users/${who}/follow`, auth);
const unfollow = (auth: Auth, who: string) => call(t, 'POST', `/users/${who}/unfollow`, auth);
const setVisibility = (auth: Auth, profileVisibility: string) =>
  call(t, 'PUT', '/users/me/settings', auth, { profileVisibility });

async function counts(userId: string) {
  return t.testDb.db.kysely
    .selectFrom('users')
    .select(['followers_count', 'following_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}
async function followRows(followerId: string, followeeId: string) {
  const rows = await t.testDb.db.kysely
    .selectFrom('follows')
    .selectAll()
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
  return rows.length;
}

describe('follow and unfollow', () => {
  it('follows once however often it is asked, and answers both counts', async () => {
    const reader = await newUser();
    const author = await newUser();
    const first = await follow(reader.auth, author.user.username);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(PEOPLE_MESSAGES.followed);
    expect(first.body.data).toEqual({ following: true, followers_count: 1, following_count: 1 });
    const again = await follow(reader.auth, author.user.username.toUpperCase());
    expect(again.body.data).toEqual({ following: true, followers_count: 1, following_count: 1 });
    expect(await followRows(reader.user.id, author.user.id)).toBe(1);
    expect(await counts(author.user.id)).toEqual({ followers_count: 1, following_count: 0 });
    expect(await counts(reader.user.id)).toEqual({ followers_count: 0, following_count: 1 });

    const off = await unfollow(reader.auth, author.user.username);
    expect(off.body).toMatchObject({
      message: PEOPLE_MESSAGES.unfollowed,
      data: { following: false, followers_count: 0, following_count: 0 },
    });
    const offAgain = await unfollow(reader.auth, author.user.username);
    expect(offAgain.status).toBe(200);
    expect(offAgain.body.data).toEqual({
      following: false,
      followers_count: 0,
      following_count: 0,
    });
    expect(await counts(author.user.id)).toEqual({ followers_count: 0, following_count: 0 });
    expect(await counts(reader.user.id)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it('accepts a user id where the spec passes an author id', async () => {
    const reader = await newUser();
    const author = await newUser();
    const res = await follow(reader.auth, author.user.id);
    expect(res.body.data.following).toBe(true);
    expect(await followRows(reader.user.id, author.user.id)).toBe(1);
  });

  it('refuses following yourself, by name or id, and changes nothing', async () => {
    const me = await newUser();
    for (const who of [me.user.username, me.user.id]) {
      const res = await follow(me.auth, who);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PEOPLE_MESSAGES.cannotFollowSelf);
      expect((await unfollow(me.auth, who)).status).toBe(400);
    }
    expect(await counts(me.user.id)).toEqual({ followers_count: 0, following_count: 0 });
  });

  it('needs a signed-in caller and an existing user', async () => {
    const author = await newUser();
    expect((await follow(undefined as unknown as Auth, author.user.username)).status).toBe(401);
    const reader = await newUser();
    const missing = await follow(reader.auth, 'nobody_by_this_name');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(PEOPLE_MESSAGES.userNotFound);
  });

  it('keeps counters equal to the rows under concurrent clicks', async () => {
    const author = await newUser();
    const readers = await Promise.all(Array.from({ length: 4 }, newUser));
    // Ten alternating follow/unfollow clicks per reader, all at once.
    await Promise.all(
      readers.flatMap((reader) =>
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? follow : unfollow)(reader.auth, author.user.username),
        ),
      ),
    );
    // Ten parallel follows by one more reader: exactly one row.
    const eager = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => follow(eager.auth, author.user.username)),
    );
    expect(results.every((r) => r.status === 200 && r.body.data.following)).toBe(true);
    expect(await followRows(eager.user.id, author.user.id)).toBe(1);
    expect((await counts(eager.user.id)).following_count).toBe(1);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('two users following each other at the same moment do not deadlock', async () => {
    const a = await newUser();
    const b = await newUser();
    const clicks = Array.from({ length: 6 }, (_, i) => [
      (i % 2 === 0 ? follow : unfollow)(a.auth, b.user.username),
      (i % 2 === 0 ? follow : unfollow)(b.auth, a.user.username),
    ]).flat();
    const results = await Promise.all(clicks);
    expect(results.map((r) => r.status)).toEqual(clicks.map(() => 200));
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });
});

describe.skipIf(testDbKind() !== 'postgres')('follow and row locks (PostgreSQL)', () => {
  // The notifications worker inserts a notification for one user and then its actor, the
  // other: key-share locks on both rows. A follow between the two must not wait on them, or
  // the two deadlock (it did, while the worker caught up after a PostgreSQL outage).
  it('does not wait on the key-share lock of a row that references the followee', async () => {
    const reader = await newUser();
    const author = await newUser();
    type Answer = { status: number } | 'still waiting';
    let answer: Answer = 'still waiting';
    let whileHeld: Answer = 'still waiting';
    await t.testDb.db.kysely.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${author.user.id} for key share`.execute(trx);
      const followed = follow(reader.auth, author.user.username).then((r) => {
        answer = r;
      });
      await Promise.race([followed, new Promise((r) => setTimeout(r, 5_000))]);
      whileHeld = answer;
    });
    // The follow answered while the key share was still held.
    expect(whileHeld).toMatchObject({ status: 200 });
    expect(await followRows(reader.user.id, author.user.id)).toBe(1);
  });
});

describe('followers and following lists', () => {
  it('lists newest first, paged, with is_following for a signed-in caller', async () => {
    const author = await newUser();
    const fans = [];
    for (let i = 0; i < 3; i++) {
      const fan = await newUser();
      await follow(fan.auth, author.user.username);
      fans.push(fan);
    }
    const viewer = await newUser();
    await follow(viewer.auth, fans[0]!.user.username);

    const visitor = await call(t, 'GET', `/users/${author.user.username}/followers`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(visitor.body.data.items.map((u: { username: string }) => u.username)).toEqual(
      fans.map((f) => f.user.username).reverse(),
    );
    expect(visitor.body.data.items[0]).not.toHaveProperty('is_following');
    expect(visitor.body.data.items[0]).not.toHaveProperty('email');

    const paged = await call(
      t,
      'GET',
      `/users/${author.user.id}/followers?page=2&limit=2`,
      viewer.auth,
    );
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.items[0]).toMatchObject({
      username: fans[0]!.user.username,
      is_following: true,
      restricted: false,
      followers_count: 1,
    });

    const following = await call(t, 'GET', `/users/${fans[1]!.user.username}/following`);
    expect(following.body.data.items.map((u: { id: string }) => u.id)).toEqual([author.user.id]);
    expect(following.body.data.items[0].followers_count).toBe(3);
  });

  it('honours privacy: hidden profiles hide their lists and show as username only in others', async () => {
    const shy = await newUser();
    const friend = await newUser();
    const stranger = await newUser();
    await follow(shy.auth, friend.user.username);
    await follow(friend.auth, shy.user.username);
    await follow(stranger.auth, friend.user.username);

    await setVisibility(shy.auth, 'private');
    const hidden = await call(t, 'GET', `/users/${shy.user.username}/followers`, stranger.auth);
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe(PEOPLE_MESSAGES.profilePrivate);
    expect((await call(t, 'GET', `/users/${shy.user.username}/following`)).status).toBe(403);
    // The owner still sees their own lists.
    expect((await call(t, 'GET', `/users/${shy.user.username}/following`, shy.auth)).status).toBe(
      200,
    );
    // In the friend's followers the private user shows as id and username only.
    const list = await call(t, 'GET', `/users/${friend.user.username}/followers`, stranger.auth);
    const card = list.body.data.items.find((u: { id: string }) => u.id === shy.user.id);
    expect(Object.keys(card).sort()).toEqual(
      ['followed_at', 'id', 'is_following', 'restricted', 'username'].sort(),
    );
    expect(card.restricted).toBe(true);

    // "Following Only": the users the owner follows see it, others do not.
    await setVisibility(shy.auth, 'friends');
    const byFriend = await call(t, 'GET', `/users/${shy.user.username}/followers`, friend.auth);
    expect(byFriend.status).toBe(200);
    expect(
      (await call(t, 'GET', `/users/${shy.user.username}/followers`, stranger.auth)).status,
    ).toBe(403);
    const seenByFriend = await call(
      t,
      'GET',
      `/users/${friend.user.username}/followers`,
      friend.auth,
    );
    expect(
      seenByFriend.body.data.items.find((u: { id: string }) => u.id === shy.user.id),
    ).toMatchObject({ restricted: false, followers_count: 1 });
  });

  it('validates paging', async () => {
    const author = await newUser();
    const res = await call(t, 'GET', `/users/${author.user.username}/followers?limit=1000`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toHaveProperty('limit');
  });
});
