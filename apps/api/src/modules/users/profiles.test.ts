import { PEOPLE_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };
const settings = (auth: Auth, changes: Record<string, unknown>) =>
  call(t, 'PUT', '/users/me/settings', auth, changes);
const setCounts = (storyId: string, counts: { reads_count?: number; comments_count?: number }) =>
  t.testDb.db.kysely.updateTable('stories').set(counts).where('id', '=', storyId).execute();
const setReads = (storyId: string, reads: number) => setCounts(storyId, { reads_count: reads });
const ids = (body: { data: { items: { id: string }[] } }) => body.data.items.map((s) => s.id);

describe('GET /users/{username}', () => {
  it('shows the public profile with counts, total reads and comments of public stories', async () => {
    const author = await newUser();
    const reader = await newUser();
    const open = await createStory(t, author.auth, { title: 'Open' });
    const open2 = await createStory(t, author.auth, { title: 'Open too' });
    const hidden = await createStory(t, author.auth, { title: 'Hidden', visibility: 'private' });
    await setCounts(open.id, { reads_count: 120, comments_count: 30 });
    await setCounts(open2.id, { reads_count: 5, comments_count: 4 });
    await setCounts(hidden.id, { reads_count: 1000, comments_count: 500 });
    await call(t, 'POST', `/users/${author.user.username}/follow`, reader.auth);

    const visitor = await call(t, 'GET', `/users/${author.user.username}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toEqual({
      id: author.user.id,
      username: author.user.username,
      restricted: false,
      is_me: false,
      bio: null,
      profile_pic: null,
      followers_count: 1,
      following_count: 0,
      stories_count: 2,
      total_reads: 125,
      total_comments: 34,
      created_at: author.user.created_at,
      updated_at: author.user.updated_at,
    });
    const signedIn = await call(t, 'GET', `/users/${author.user.username}`, reader.auth);
    expect(signedIn.body.data).toMatchObject({ is_following: true, is_me: false });
    const stranger = await newUser();
    expect(
      (await call(t, 'GET', `/users/${author.user.username}`, stranger.auth)).body.data
        .is_following,
    ).toBe(false);
    const own = await call(t, 'GET', `/users/${author.user.username}`, author.auth);
    expect(own.body.data).toMatchObject({ is_me: true, email: author.user.email });
    expect(own.body.data).not.toHaveProperty('is_following');
  });

  it('counts the comments readers post on public stories, not those on private ones', async () => {
    const author = await newUser();
    const reader = await newUser();
    const open = await createStory(t, author.auth, { title: 'Open' });
    const hidden = await createStory(t, author.auth, { title: 'Hidden', visibility: 'private' });
    const total = async () =>
      (await call(t, 'GET', `/users/${author.user.username}`)).body.data.total_comments;
    expect(await total()).toBe(0);
    const [openChapter] = await chaptersOf(t, open.id, author.auth);
    const [hiddenChapter] = await chaptersOf(t, hidden.id, author.auth);
    const comment = (auth: Auth, chapterId: string, body: string) =>
      call(t, 'POST', `/chapters/${chapterId}/comments`, auth, { body });
    expect((await comment(reader.auth, openChapter!.id, 'Loved it')).status).toBe(201);
    expect((await comment(author.auth, openChapter!.id, 'Thank you')).status).toBe(201);
    expect((await comment(author.auth, hiddenChapter!.id, 'Note to self')).status).toBe(201);
    expect(await total()).toBe(2);
    // A story turning private takes its comments off the profile; a negative counter reads 0.
    await call(t, 'PATCH', `/stories/${open.id}`, author.auth, { visibility: 'private' });
    expect(await total()).toBe(0);
    await call(t, 'PATCH', `/stories/${open.id}`, author.auth, { visibility: 'public' });
    await setCounts(open.id, { comments_count: -3 });
    expect(await total()).toBe(0);
  });

  it('finds a user by id or any-case username; unknown is "User not found"', async () => {
    const author = await newUser();
    for (const key of [
      author.user.id,
      author.user.id.toUpperCase(),
      author.user.username.toUpperCase(),
    ]) {
      const res = await call(t, 'GET', `/users/${key}`);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(author.user.id);
    }
    for (const key of ['nobody_here', newId()]) {
      const res = await call(t, 'GET', `/users/${key}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PEOPLE_MESSAGES.userNotFound);
    }
  });

  it('does not swallow /users/me', async () => {
    const me = await newUser();
    const res = await call(t, 'GET', '/users/me', me.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveProperty('has_password');
    expect((await call(t, 'GET', '/users/me')).status).toBe(401);
  });

  it('leaves the static /users/… routes of other modules alone', async () => {
    const me = await newUser();
    const paths = [
      '/users/search?q=user',
      '/users/suggested',
      '/users/me/stats',
      '/users/me/progress',
    ];
    for (const path of paths) {
      const res = await call(t, 'GET', path, me.auth);
      expect(res.body.message, path).not.toBe(PEOPLE_MESSAGES.userNotFound);
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).not.toHaveProperty('restricted');
    }
  });

  it('shows the email to others only with "show email" on', async () => {
    const author = await newUser();
    const reader = await newUser();
    expect(
      (await call(t, 'GET', `/users/${author.user.id}`, reader.auth)).body.data,
    ).not.toHaveProperty('email');
    await settings(author.auth, { showEmail: true });
    expect((await call(t, 'GET', `/users/${author.user.id}`)).body.data.email).toBe(
      author.user.email,
    );
  });

  it('a private profile shows only id and username to everyone else', async () => {
    const author = await newUser();
    const reader = await newUser();
    await createStory(t, author.auth);
    await call(t, 'PATCH', '/users/me', author.auth, { bio: 'Secret bio' });
    await call(t, 'POST', `/users/${author.user.username}/follow`, reader.auth);
    await settings(author.auth, { profileVisibility: 'private', showEmail: true });

    const visitor = await call(t, 'GET', `/users/${author.user.username}`);
    expect(visitor.body.data).toEqual({
      id: author.user.id,
      username: author.user.username,
      restricted: true,
      is_me: false,
    });
    const follower = await call(t, 'GET', `/users/${author.user.username}`, reader.auth);
    expect(follower.body.data).toEqual({
      id: author.user.id,
      username: author.user.username,
      restricted: true,
      is_me: false,
      // The caller's own relation to the user: following, blocking, muting.
      is_following: true,
      is_blocked: false,
      is_muted: false,
    });
    const stories = await call(t, 'GET', `/users/${author.user.username}/stories`, reader.auth);
    expect(stories.status).toBe(403);
    expect(stories.body.message).toBe(PEOPLE_MESSAGES.profilePrivate);

    const own = await call(t, 'GET', `/users/${author.user.username}`, author.auth);
    expect(own.body.data).toMatchObject({
      restricted: false,
      bio: 'Secret bio',
      email: author.user.email,
      stories_count: 1,
    });
    expect(
      (await call(t, 'GET', `/users/${author.user.username}/stories`, author.auth)).status,
    ).toBe(200);
  });

  it('"Following Only" shows the profile to the users the owner follows', async () => {
    const owner = await newUser();
    const friend = await newUser();
    const fan = await newUser();
    await call(t, 'POST', `/users/${friend.user.username}/follow`, owner.auth);
    await call(t, 'POST', `/users/${owner.user.username}/follow`, fan.auth);
    await settings(owner.auth, { profileVisibility: 'friends' });

    const seenByFriend = await call(t, 'GET', `/users/${owner.user.username}`, friend.auth);
    expect(seenByFriend.body.data).toMatchObject({
      restricted: false,
      following_count: 1,
      is_following: false,
    });
    // Following them is not enough: they must follow you.
    const seenByFan = await call(t, 'GET', `/users/${owner.user.username}`, fan.auth);
    expect(seenByFan.body.data).toMatchObject({ restricted: true, is_following: true });
    expect(seenByFan.body.data).not.toHaveProperty('followers_count');
    expect((await call(t, 'GET', `/users/${owner.user.username}`)).body.data.restricted).toBe(true);
    expect(
      (await call(t, 'GET', `/users/${owner.user.username}/stories`, friend.auth)).status,
    ).toBe(200);
  });
});

describe('story lists of a user', () => {
  it("others get public stories, newest published first; the owner's include private ones", async () => {
    const author = await newUser();
    const reader = await newUser();
    const a = await createStory(t, author.auth, { title: 'A' });
    const draft = await createStory(t, author.auth, { title: 'Draft', visibility: 'private' });
    const b = await createStory(t, author.auth, { title: 'B' });
    await setReads(a.id, 7);

    const others = await call(t, 'GET', `/users/${author.user.username}/stories`, reader.auth);
    expect(others.body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(ids(others.body)).toEqual([b.id, a.id]);
    expect(others.body.data.items[1]).toMatchObject({
      reads_count: 7,
      chapters_count: 1,
      is_liked: false,
      author: { username: author.user.username },
    });
    const visitor = await call(t, 'GET', `/users/${author.user.id}/stories?limit=1&page=2`);
    expect(visitor.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(ids(visitor.body)).toEqual([a.id]);

    const ownByName = await call(t, 'GET', `/users/${author.user.username}/stories`, author.auth);
    expect(ids(ownByName.body)).toEqual([b.id, draft.id, a.id]);
    expect(ownByName.body.data.items[1].visibility).toBe('private');
    const mine = await call(t, 'GET', '/users/me/stories?limit=2', author.auth);
    expect(mine.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(ids(mine.body)).toEqual([b.id, draft.id]);
    expect((await call(t, 'GET', '/users/me/stories')).status).toBe(401);
    expect((await call(t, 'GET', '/users/nobody_here/stories')).status).toBe(404);
  });
});
