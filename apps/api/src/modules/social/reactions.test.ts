import { MESSAGES, PEOPLE_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { counterMismatches } from '../../test/social.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };

const storyRow = (id: string) =>
  t.testDb.db.kysely
    .selectFrom('stories')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const makePrivate = (auth: Auth, id: string) =>
  call(t, 'PATCH', `/stories/${id}`, auth, { visibility: 'private' });
const ids = (body: { data: { items: { id: string }[] } }) => body.data.items.map((s) => s.id);

describe('likes', () => {
  it('likes once, moves votes_count, popular_score and trending in step, and unlikes', async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth);
    const before = await storyRow(story.id);

    const liked = await call(t, 'POST', `/stories/${story.id}/like`, reader.auth);
    expect(liked.status).toBe(200);
    expect(liked.body.data).toEqual({ liked: true, votes_count: 1 });
    const again = await call(t, 'POST', `/stories/${story.id}/like`, reader.auth);
    expect(again.body.data).toEqual({ liked: true, votes_count: 1 });
    const afterLike = await storyRow(story.id);
    expect(afterLike.votes_count).toBe(1);
    expect(afterLike.popular_score).toBe(before.popular_score + 10);
    expect(afterLike.trending_score).toBeGreaterThan(before.trending_score);

    const detail = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(detail.body.data).toMatchObject({ is_liked: true, votes_count: 1 });

    const off = await call(t, 'DELETE', `/stories/${story.id}/like`, reader.auth);
    expect(off.body.data).toEqual({ liked: false, votes_count: 0 });
    const offAgain = await call(t, 'DELETE', `/stories/${story.id}/like`, reader.auth);
    expect(offAgain.status).toBe(200);
    expect(offAgain.body.data).toEqual({ liked: false, votes_count: 0 });
    const afterUnlike = await storyRow(story.id);
    expect(afterUnlike.votes_count).toBe(0);
    expect(afterUnlike.popular_score).toBe(before.popular_score);
    // The like happened: unliking does not take the trending event back (decision 003).
    expect(afterUnlike.trending_score).toBe(afterLike.trending_score);
  });

  it('keeps votes equal to the likes under concurrent clicks', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth);
    const readers = await Promise.all(Array.from({ length: 4 }, newUser));
    await Promise.all(
      readers.flatMap((reader) =>
        Array.from({ length: 10 }, (_, i) =>
          call(t, i % 2 === 0 ? 'POST' : 'DELETE', `/stories/${story.id}/like`, reader.auth),
        ),
      ),
    );
    const eager = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(t, 'POST', `/stories/${story.id}/like`, eager.auth)),
    );
    expect(results.every((r) => r.status === 200 && r.body.data.liked)).toBe(true);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it("answers another author's private story with story_private, and lets its author like it", async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth, { visibility: 'private' });
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(t, method, `/stories/${story.id}/like`, reader.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('story_private');
      expect(res.body).not.toHaveProperty('data');
    }
    const own = await call(t, 'POST', `/stories/${story.id}/like`, author.auth);
    expect(own.body.data).toEqual({ liked: true, votes_count: 1 });
    const missing = await call(t, 'POST', `/stories/${newId()}/like`, reader.auth);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.storyNotFound);
    expect((await call(t, 'POST', `/stories/not-an-id/like`, reader.auth)).status).toBe(404);
    expect((await call(t, 'POST', `/stories/${story.id}/like`)).status).toBe(401);
  });

  it('lists liked stories newest first, leaving out stories that turned private', async () => {
    const author = await newUser();
    const reader = await newUser();
    const first = await createStory(t, author.auth, { title: 'First' });
    const second = await createStory(t, author.auth, { title: 'Second' });
    const third = await createStory(t, author.auth, { title: 'Third' });
    for (const story of [first, second, third]) {
      await call(t, 'POST', `/stories/${story.id}/like`, reader.auth);
    }
    const all = await call(t, 'GET', '/users/me/likes', reader.auth);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(ids(all.body)).toEqual([third.id, second.id, first.id]);
    expect(all.body.data.items[0]).toMatchObject({
      is_liked: true,
      is_saved: false,
      author: { id: author.user.id, username: author.user.username },
    });

    await makePrivate(author.auth, second.id);
    const after = await call(t, 'GET', '/users/me/likes?limit=1&page=2', reader.auth);
    expect(after.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(ids(after.body)).toEqual([first.id]);
    // Its author still sees their own private story among their likes.
    await call(t, 'POST', `/stories/${second.id}/like`, author.auth);
    expect(ids((await call(t, 'GET', '/users/me/likes', author.auth)).body)).toEqual([second.id]);
    expect((await call(t, 'GET', '/users/me/likes')).status).toBe(401);
  });
});

describe('saves (the library)', () => {
  it('saves once, lists newest save first with story payloads, and removes', async () => {
    const author = await newUser();
    const reader = await newUser();
    const a = await createStory(t, author.auth, { title: 'A' });
    const b = await createStory(t, author.auth, { title: 'B' });

    const saved = await call(t, 'POST', `/library/${a.id}`, reader.auth);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ saved: true });
    expect((await call(t, 'POST', `/library/${a.id}`, reader.auth)).body.data).toEqual({
      saved: true,
    });
    await call(t, 'POST', `/library/${b.id}`, reader.auth);
    const rows = await t.testDb.db.kysely
      .selectFrom('saves')
      .selectAll()
      .where('user_id', '=', reader.user.id)
      .execute();
    expect(rows).toHaveLength(2);

    const library = await call(t, 'GET', '/library', reader.auth);
    expect(library.body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(ids(library.body)).toEqual([b.id, a.id]);
    expect(library.body.data.items[1]).toMatchObject({
      title: 'A',
      is_saved: true,
      is_liked: false,
      tags: ['quest', 'magic'],
      chapters_count: 1,
    });
    expect((await call(t, 'GET', `/stories/${a.id}`, reader.auth)).body.data.is_saved).toBe(true);

    const removed = await call(t, 'DELETE', `/library/${a.id}`, reader.auth);
    expect(removed.body).toMatchObject({
      data: { saved: false },
      message: PEOPLE_MESSAGES.unsaved,
    });
    expect((await call(t, 'DELETE', `/library/${a.id}`, reader.auth)).status).toBe(200);
    expect(ids((await call(t, 'GET', '/library', reader.auth)).body)).toEqual([b.id]);
  });

  it('concurrent saves of one story leave one row', async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, i % 3 === 2 ? 'DELETE' : 'POST', `/library/${story.id}`, reader.auth),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    await call(t, 'POST', `/library/${story.id}`, reader.auth);
    const rows = await t.testDb.db.kysely
      .selectFrom('saves')
      .selectAll()
      .where('user_id', '=', reader.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("never shows another author's private story: not savable, gone when it turns private", async () => {
    const author = await newUser();
    const reader = await newUser();
    const hidden = await createStory(t, author.auth, { visibility: 'private' });
    const res = await call(t, 'POST', `/library/${hidden.id}`, reader.auth);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('story_private');

    const story = await createStory(t, author.auth, { title: 'Soon private' });
    await call(t, 'POST', `/library/${story.id}`, reader.auth);
    await call(t, 'POST', `/library/${story.id}`, author.auth);
    await makePrivate(author.auth, story.id);
    const library = await call(t, 'GET', '/library', reader.auth);
    expect(library.body.data).toMatchObject({ total: 0, items: [] });
    // The author keeps seeing their own private story in their library.
    expect(ids((await call(t, 'GET', '/library', author.auth)).body)).toEqual([story.id]);
    // Public again: it is back in the reader's library.
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'public' });
    expect(ids((await call(t, 'GET', '/library', reader.auth)).body)).toEqual([story.id]);
    expect((await call(t, 'GET', '/library')).status).toBe(401);
  });
});
