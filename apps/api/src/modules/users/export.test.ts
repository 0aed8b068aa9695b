import { DEFAULT_SETTINGS, PRODUCT_NAME } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function exportOf(auth: Auth) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: auth });
  return { status: res.statusCode, headers: res.headers, text: res.body, json: res.json() };
}

/** Records that `userId` read `chapterId` (the reading module's rows), at `at`. */
async function recordRead(userId: string, storyId: string, chapterId: string, at: string) {
  const db = t.testDb.db.kysely;
  await db
    .insertInto('chapter_reads')
    .values({
      chapter_id: chapterId,
      reader_key: userId,
      user_id: userId,
      story_id: storyId,
      read_at: at,
    })
    .execute();
  await db
    .insertInto('reading_progress')
    .values({
      user_id: userId,
      story_id: storyId,
      chapter_id: chapterId,
      chapter_position: 1,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'story_id']).doUpdateSet({ chapter_id: chapterId, updated_at: at }),
    )
    .execute();
}

describe('GET /users/me/export', () => {
  it('downloads everything the user owns as a named JSON file', async () => {
    const me = await newUser();
    const friend = await newUser();
    const other = await newUser();
    await call(t, 'PATCH', '/users/me', me.auth, { bio: 'Night writer' });
    await call(t, 'PUT', '/users/me/settings', me.auth, {
      theme: 'dark',
      profileVisibility: 'friends',
    });

    const open = await createStory(t, me.auth, { title: 'My open story', tags: ['sea'] });
    const secret = await createStory(t, me.auth, {
      title: 'My secret story',
      visibility: 'private',
      chapters: [{ title: 'Hidden start', content: '<p>Only mine.</p>' }],
    });
    const draft = await call(t, 'POST', '/chapters', me.auth, {
      story_id: open.id,
      title: 'Unfinished',
      content: '<p>Draft words</p>',
    });
    expect(draft.status).toBe(201);

    await call(t, 'POST', `/users/${friend.user.username}/follow`, me.auth);
    await call(t, 'POST', `/users/${me.user.username}/follow`, friend.auth);
    await call(t, 'POST', `/users/${me.user.username}/follow`, other.auth);

    const liked = await createStory(t, friend.auth, { title: 'Friend story' });
    const turned = await createStory(t, other.auth, { title: 'Other story now private' });
    await call(t, 'POST', `/stories/${liked.id}/like`, me.auth);
    await call(t, 'POST', `/stories/${turned.id}/like`, me.auth);
    await call(t, 'POST', `/library/${liked.id}`, me.auth);
    await call(t, 'POST', `/library/${turned.id}`, me.auth);
    const [likedChapter] = await chaptersOf(t, liked.id, friend.auth);
    const [turnedChapter] = await chaptersOf(t, turned.id, other.auth);
    await recordRead(me.user.id, liked.id, likedChapter!.id, '2026-02-01T10:00:00.000Z');
    await recordRead(me.user.id, turned.id, turnedChapter!.id, '2026-02-02T10:00:00.000Z');
    await call(t, 'PATCH', `/stories/${turned.id}`, other.auth, { visibility: 'private' });
    // Someone else's data about the friend's story that must not appear.
    await call(t, 'POST', `/library/${liked.id}`, other.auth);

    const res = await exportOf(me.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="${PRODUCT_NAME}_data_${me.user.username}_\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}Z\\.json"$`,
      ),
    );
    const data = res.json;
    expect(data).not.toHaveProperty('success');
    expect(data.product).toBe(PRODUCT_NAME);
    expect(Date.parse(data.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.user).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      email: me.user.email,
      bio: 'Night writer',
      created_at: me.user.created_at,
      followers_count: 2,
      following_count: 1,
      stories_count: 1,
    });
    expect(data.user).not.toHaveProperty('password_hash');
    expect(data.settings).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      profileVisibility: 'friends',
    });

    const titles = data.stories.map((s: { title: string }) => s.title).sort();
    expect(titles).toEqual(['My open story', 'My secret story']);
    const openOut = data.stories.find((s: { id: string }) => s.id === open.id);
    expect(openOut).toMatchObject({ visibility: 'public', tags: ['sea'] });
    expect(
      openOut.chapters.map((c: { title: string; published: boolean }) => [c.title, c.published]),
    ).toEqual([
      ['Setting out', true],
      ['Unfinished', false],
    ]);
    expect(openOut.chapters[1].content).toBe('<p>Draft words</p>');
    const secretOut = data.stories.find((s: { id: string }) => s.id === secret.id);
    expect(secretOut).toMatchObject({ visibility: 'private' });
    expect(secretOut.chapters[0]).toMatchObject({
      title: 'Hidden start',
      content: '<p>Only mine.</p>',
    });

    expect(data.following.map((f: { username: string }) => f.username)).toEqual([
      friend.user.username,
    ]);
    expect(data.followers.map((f: { username: string }) => f.username).sort()).toEqual(
      [friend.user.username, other.user.username].sort(),
    );

    expect(data.likes).toEqual([
      {
        story_id: liked.id,
        title: 'Friend story',
        author: friend.user.username,
        liked_at: expect.any(String),
      },
      { story_id: turned.id, title: null, author: null, liked_at: expect.any(String) },
    ]);
    expect(data.saves).toEqual([
      {
        story_id: liked.id,
        title: 'Friend story',
        author: friend.user.username,
        saved_at: expect.any(String),
      },
      { story_id: turned.id, title: null, author: null, saved_at: expect.any(String) },
    ]);
    expect(data.reading_history).toEqual([
      {
        story_id: liked.id,
        title: 'Friend story',
        author: friend.user.username,
        chapter_id: likedChapter!.id,
        chapter_title: 'Setting out',
        read_at: '2026-02-01T10:00:00.000Z',
      },
      {
        story_id: turned.id,
        title: null,
        author: null,
        chapter_id: turnedChapter!.id,
        chapter_title: null,
        read_at: '2026-02-02T10:00:00.000Z',
      },
    ]);
    expect(data.reading_progress).toHaveLength(2);
    expect(data.reading_progress[1]).toMatchObject({
      story_id: liked.id,
      title: 'Friend story',
      chapter_position: 1,
    });

    // Nothing private of anyone else: no other title of the private story, no other emails.
    expect(res.text).not.toContain('Other story now private');
    expect(res.text).not.toContain(friend.user.email);
    expect(res.text).not.toContain(other.user.email);
  });

  it("is only ever the caller's own: no route exports another user", async () => {
    const me = await newUser();
    const other = await newUser();
    expect((await call(t, 'GET', '/users/me/export')).status).toBe(401);
    const res = await call(t, 'GET', `/users/${other.user.username}/export`, me.auth);
    expect(res.status).toBe(404);
    const mine = await exportOf(me.auth);
    expect(mine.json.user.id).toBe(me.user.id);
    expect(mine.json.stories).toEqual([]);
    expect(mine.json.reading_history).toEqual([]);
  });
});
