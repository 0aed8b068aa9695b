import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { call, createStory } from '../test/stories.js';

/** The visitors' micro-cache, on (a minute, so nothing expires during the test). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
});
afterAll(() => t.close());

const author = () => createUser(t.testDb.db, t.config);

describe('response cache', () => {
  it('serves a visitor the same answer again from the cache, never a signed-in reader', async () => {
    const { auth } = await author();
    const story = await createStory(t, auth, { title: 'Cached Tides' });
    const first = await call(t, 'GET', `/stories/${story.id}`);
    const second = await call(t, 'GET', `/stories/${story.id}`);
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['miss', 'hit']);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['content-security-policy']).toBeDefined();
    const signedIn = await call(t, 'GET', `/stories/${story.id}`, auth);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.body.data.is_liked).toBe(false);
  });

  it('forgets everything when a story turns private, so it is never shown after', async () => {
    const { auth } = await author();
    const story = await createStory(t, auth, { title: 'Soon Hidden' });
    expect((await call(t, 'GET', `/stories/${story.id}`)).status).toBe(200);
    const list = await call(t, 'GET', '/stories?sort=latest');
    expect(list.body.data.items.map((s: { id: string }) => s.id)).toContain(story.id);
    expect(
      (await call(t, 'PATCH', `/stories/${story.id}`, auth, { visibility: 'private' })).status,
    ).toBe(200);
    const after = await call(t, 'GET', `/stories/${story.id}`);
    expect(after.status).toBe(404);
    const listAfter = await call(t, 'GET', '/stories?sort=latest');
    expect(listAfter.headers['x-cache']).toBe('miss');
    expect(listAfter.body.data.items.map((s: { id: string }) => s.id)).not.toContain(story.id);
  });

  it('forgets a chapter when it is edited, but not when a reader only likes the story', async () => {
    const { auth } = await author();
    const reader = await author();
    const story = await createStory(t, auth, { title: 'Edited Chapters' });
    const chapters = await call(t, 'GET', `/chapters/by-story/${story.id}`);
    const chapterId = chapters.body.data[0]?.id ?? chapters.body.data.items?.[0]?.id;
    expect(chapterId).toBeTruthy();
    await call(t, 'GET', `/chapters/${chapterId}`);
    expect((await call(t, 'POST', `/stories/${story.id}/like`, reader.auth)).status).toBeLessThan(
      300,
    );
    expect((await call(t, 'GET', `/chapters/${chapterId}`)).headers['x-cache']).toBe('hit');
    const edit = await call(t, 'PATCH', `/chapters/${chapterId}`, auth, {
      content: '<p>Rewritten.</p>',
    });
    expect(edit.status).toBe(200);
    const fresh = await call(t, 'GET', `/chapters/${chapterId}`);
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.body.data.content).toContain('Rewritten.');
  });

  it('keeps no error answers and nothing when turned off', async () => {
    const missing = '01900000-0000-7000-8000-000000000000';
    await call(t, 'GET', `/stories/${missing}`);
    expect((await call(t, 'GET', `/stories/${missing}`)).headers['x-cache']).toBe('miss');
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/stories' });
      expect(res.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
