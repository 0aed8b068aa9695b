import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { counterMismatches } from '../../test/social.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PATCH /users/me', () => {
  it('updates the bio and bounds it at 160 characters', async () => {
    const { auth } = await createUser(t.testDb.db, t.config);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: auth,
      payload: { bio: '  Writes at night.  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.bio).toBe('Writes at night.');
    const long = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: auth,
      payload: { bio: 'x'.repeat(161) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details.bio).toContain('160');
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth });
    expect(after.json().data.bio).toBe('Writes at night.');
  });

  it('only removes the profile picture; a foreign URL is refused', async () => {
    const { auth } = await createUser(t.testDb.db, t.config, {
      profile_pic: '/media/avatars/a.webp',
    });
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: auth,
      payload: { profile_pic: 'https://evil.example/x.png' },
    });
    expect(foreign.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: auth,
      payload: { profile_pic: null },
    });
    expect(removed.json().data.profile_pic).toBeNull();
  });
});

describe('DELETE /users/me', () => {
  it("removes the user and what they own, and keeps other people's counters right", async () => {
    const db = t.testDb.db.kysely;
    const now = new Date().toISOString();
    const leaving = await createUser(t.testDb.db, t.config);
    const staying = await createUser(t.testDb.db, t.config);
    const story = (authorId: string, votes: number) => ({
      id: newId(),
      author_id: authorId,
      title: 'A story',
      genre: 'Fantasy',
      visibility: 'public' as const,
      votes_count: votes,
      popular_score: votes * 10,
      published_at: now,
      created_at: now,
      updated_at: now,
    });
    const theirs = story(leaving.user.id, 0);
    const mine = story(staying.user.id, 1);
    await db.insertInto('stories').values([theirs, mine]).execute();
    await db
      .insertInto('likes')
      .values({ user_id: leaving.user.id, story_id: mine.id, created_at: now })
      .execute();
    await db
      .insertInto('follows')
      .values([
        { follower_id: leaving.user.id, followee_id: staying.user.id, created_at: now },
        { follower_id: staying.user.id, followee_id: leaving.user.id, created_at: now },
      ])
      .execute();
    await db
      .updateTable('users')
      .set({ followers_count: 1, following_count: 1 })
      .where('id', 'in', [leaving.user.id, staying.user.id])
      .execute();

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: leaving.auth,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);

    expect(
      await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', leaving.user.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('stories').select('id').where('id', '=', theirs.id).executeTakeFirst(),
    ).toBeUndefined();
    const other = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', staying.user.id)
      .executeTakeFirstOrThrow();
    expect(other.followers_count).toBe(0);
    expect(other.following_count).toBe(0);
    const liked = await db
      .selectFrom('stories')
      .selectAll()
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(liked.votes_count).toBe(0);
    expect(liked.popular_score).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: leaving.auth }))
        .statusCode,
    ).toBe(401);
  });

  it('leaves every counter of other users equal to their rows (through the API)', async () => {
    const db = t.testDb.db.kysely;
    const leaving = await createUser(t.testDb.db, t.config);
    const others = await Promise.all([1, 2, 3].map(() => createUser(t.testDb.db, t.config)));
    const stories = await Promise.all(others.map((o) => createStory(t, o.auth)));
    const own = await createStory(t, leaving.auth);
    for (const [i, other] of others.entries()) {
      await call(t, 'POST', `/users/${other.user.username}/follow`, leaving.auth);
      if (i > 0) await call(t, 'POST', `/users/${leaving.user.username}/follow`, other.auth);
      await call(t, 'POST', `/stories/${stories[i]!.id}/like`, leaving.auth);
      await call(t, 'POST', `/stories/${stories[i]!.id}/like`, other.auth);
      await call(t, 'POST', `/library/${stories[i]!.id}`, leaving.auth);
      await call(t, 'POST', `/stories/${own.id}/like`, other.auth);
      await call(t, 'POST', `/library/${own.id}`, other.auth);
    }
    await call(t, 'POST', `/stories/${own.id}/like`, leaving.auth);
    await call(t, 'POST', `/users/${others[1]!.user.username}/follow`, others[0]!.auth);

    expect(
      (await call(t, 'DELETE', '/users/me', leaving.auth, { password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect(await counterMismatches(db)).toEqual([]);
    const after = await Promise.all(
      others.map((o) => call(t, 'GET', `/users/${o.user.username}`, o.auth)),
    );
    expect(after.map((r) => [r.body.data.followers_count, r.body.data.following_count])).toEqual([
      [0, 1],
      [1, 0],
      [0, 0],
    ]);
    const votes = await Promise.all(stories.map((s) => call(t, 'GET', `/stories/${s.id}`)));
    expect(votes.map((r) => r.body.data.votes_count)).toEqual([1, 1, 1]);
    const { n } = await db
      .selectFrom('saves')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', leaving.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
    expect((await call(t, 'GET', `/users/${leaving.user.username}`)).status).toBe(404);
  });

  it('deletes accounts that follow, like and comment on each other at the same moment (no deadlock)', async () => {
    const db = t.testDb.db.kysely;
    for (let round = 0; round < 4; round++) {
      const people = await Promise.all([1, 2, 3].map(() => createUser(t.testDb.db, t.config)));
      const stories = await Promise.all(
        people.map((p) =>
          createStory(t, p.auth, { chapters: [{ title: 'One', content: '<p>Text.</p>' }] }),
        ),
      );
      const chapters = await Promise.all(
        stories.map(async (story, i) => (await chaptersOf(t, story.id, people[i]!.auth))[0]!.id),
      );
      // Everyone follows, likes, comments on and likes the comments of everyone else.
      const comments: { id: string; by: number }[] = [];
      for (const [i, person] of people.entries()) {
        for (const [j, other] of people.entries()) {
          if (i === j) continue;
          await call(t, 'POST', `/users/${other.user.username}/follow`, person.auth);
          await call(t, 'POST', `/stories/${stories[j]!.id}/like`, person.auth);
          const posted = await call(t, 'POST', `/chapters/${chapters[j]}/comments`, person.auth, {
            body: `From ${person.user.username} to ${other.user.username}`,
          });
          expect(posted.body).toMatchObject({ data: { id: expect.any(String) } });
          comments.push({ id: posted.body.data.id, by: i });
        }
      }
      for (const [i, person] of people.entries())
        for (const comment of comments.filter((c) => c.by !== i))
          await call(t, 'POST', `/comments/${comment.id}/like`, person.auth);
      const results = await Promise.all(
        people.map((p) => call(t, 'DELETE', '/users/me', p.auth, { password: TEST_PASSWORD })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const left = await db
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          people.map((p) => p.user.id),
        )
        .execute();
      expect(left).toEqual([]);
    }
    expect(await counterMismatches(db)).toEqual([]);
  });
});
