import type { AddressInfo } from 'node:net';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { storyBody } from '../test/stories.js';
import { ResponseCache } from './response-cache.js';

/**
 * The visitors' micro-cache, on (a minute, so nothing expires during the test), over real HTTP:
 * hits are answered by the server's request listener, in front of Fastify, which `inject` skips.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Auth = { authorization: string } | undefined;

async function call(method: string, path: string, auth?: Auth, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      ...auth,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) };
}

const author = () => createUser(t.testDb.db, t.config);

async function createStory(auth: Auth, overrides: Record<string, unknown>) {
  const res = await call('POST', '/stories/json', auth, storyBody(overrides));
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

describe('response cache', () => {
  it('serves a visitor the same answer again from the cache, never a signed-in reader', async () => {
    const { auth } = await author();
    const story = await createStory(auth, { title: 'Cached Tides' });
    const first = await call('GET', `/stories/${story.id}`);
    const second = await call('GET', `/stories/${story.id}`);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(first.text)));
    // The same security headers as the answer it was kept from, and a request id of its own.
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
      expect(second.headers.get(name)).toBe(first.headers.get(name));
      expect(second.headers.get(name)).toBeTruthy();
    }
    expect(second.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const signedIn = await call('GET', `/stories/${story.id}`, auth);
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.body.data.is_liked).toBe(false);
  });

  it('keeps a caller’s own request id on a hit', async () => {
    const { auth } = await author();
    const story = await createStory(auth, { title: 'Traced' });
    await call('GET', `/stories/${story.id}`);
    const res = await fetch(`${origin}/api/stories/${story.id}`, {
      headers: { 'x-request-id': 'trace-1234' },
    });
    expect(res.headers.get('x-cache')).toBe('hit');
    expect(res.headers.get('x-request-id')).toBe('trace-1234');
  });

  it('forgets everything when a story turns private, so it is never shown after', async () => {
    const { auth } = await author();
    const story = await createStory(auth, { title: 'Soon Hidden' });
    expect((await call('GET', `/stories/${story.id}`)).status).toBe(200);
    expect((await call('GET', `/stories/${story.id}`)).headers.get('x-cache')).toBe('hit');
    const list = await call('GET', '/stories?sort=latest');
    expect(list.body.data.items.map((s: { id: string }) => s.id)).toContain(story.id);
    expect(
      (await call('PATCH', `/stories/${story.id}`, auth, { visibility: 'private' })).status,
    ).toBe(200);
    const after = await call('GET', `/stories/${story.id}`);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('story_private');
    const listAfter = await call('GET', '/stories?sort=latest');
    expect(listAfter.headers.get('x-cache')).toBe('miss');
    expect(listAfter.body.data.items.map((s: { id: string }) => s.id)).not.toContain(story.id);
  });

  it('forgets a chapter when it is edited, but not when a reader only likes the story', async () => {
    const { auth } = await author();
    const reader = await author();
    const story = await createStory(auth, { title: 'Edited Chapters' });
    const chapters = await call('GET', `/chapters/by-story/${story.id}`);
    const chapterId = chapters.body.data[0]?.id ?? chapters.body.data.items?.[0]?.id;
    expect(chapterId).toBeTruthy();
    await call('GET', `/chapters/${chapterId}`);
    expect((await call('POST', `/stories/${story.id}/like`, reader.auth)).status).toBeLessThan(300);
    expect((await call('GET', `/chapters/${chapterId}`)).headers.get('x-cache')).toBe('hit');
    const edit = await call('PATCH', `/chapters/${chapterId}`, auth, {
      content: '<p>Rewritten.</p>',
    });
    expect(edit.status).toBe(200);
    const fresh = await call('GET', `/chapters/${chapterId}`);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(fresh.body.data.content).toContain('Rewritten.');
  });

  it('keeps a visitor’s table of contents, never the author’s with drafts, and forgets it on a chapter write', async () => {
    const { auth } = await author();
    const story = await createStory(auth, { title: 'Contents Kept' });
    // The author's own URL: a visitor asking for it gets the published chapters only.
    const url = `/stories/${story.id}/chapters?published_only=false`;
    const titles = (res: { body: { data: { title: string }[] } }) =>
      res.body.data.map((chapter) => chapter.title);
    expect((await call('GET', url)).headers.get('x-cache')).toBe('miss');
    expect((await call('GET', url)).headers.get('x-cache')).toBe('hit');

    const draft = await call('POST', '/chapters', auth, {
      story_id: story.id,
      title: 'Unfinished',
      content: '<p>Soon.</p>',
    });
    expect(draft.status).toBe(201);
    const own = await call('GET', url, auth);
    expect(own.headers.get('x-cache')).toBeNull();
    expect(titles(own)).toContain('Unfinished');
    const visitor = await call('GET', url);
    expect(visitor.headers.get('x-cache')).toBe('miss');
    expect(titles(visitor)).not.toContain('Unfinished');
    expect((await call('GET', url)).headers.get('x-cache')).toBe('hit');
    expect(titles(await call('GET', url, auth))).toContain('Unfinished');

    await call('PATCH', `/chapters/${draft.body.data.id}`, auth, { published: true });
    const published = await call('GET', url);
    expect(published.headers.get('x-cache')).toBe('miss');
    expect(titles(published)).toContain('Unfinished');
  });

  it('keeps no error answers, and answers HEAD and unknown URLs through the app', async () => {
    const missing = '01900000-0000-7000-8000-000000000000';
    await call('GET', `/stories/${missing}`);
    const again = await call('GET', `/stories/${missing}`);
    expect(again.status).toBe(404);
    expect(again.headers.get('x-cache')).toBe('miss');
    await call('GET', '/stories?sort=popular');
    const head = await fetch(`${origin}/api/stories?sort=popular`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBeNull();
    expect((await call('GET', '/nowhere')).status).toBe(404);
  });

  it('keeps nothing when turned off', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/stories' });
      expect(res.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('response cache policies', () => {
  it('are declared by the routes themselves: kept answers only for reads, counters only for writes', async () => {
    const declared: { method: string; url: string; policy: string }[] = [];
    const app = await createTestApp({
      onRoute: (route) => {
        const policy = route.config?.visitorCache;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (policy) for (const method of methods) declared.push({ method, url: route.url, policy });
      },
    });
    await app.close();
    const kept = declared.filter((route) => route.policy === 'keep');
    const counters = declared.filter((route) => route.policy === 'counters');
    expect(kept.map((route) => route.url)).toContain('/api/stories/:id');
    expect(counters.map((route) => route.url)).toContain('/api/stories/:id/like');
    for (const route of kept) expect(['GET', 'HEAD']).toContain(route.method);
    for (const route of counters) expect(['POST', 'DELETE']).toContain(route.method);
  });
});

describe('response cache expiry', () => {
  // `keep` reads only the reply's headers.
  const reply = {
    getHeaders: () => ({ 'content-type': 'application/json' }),
  } as unknown as FastifyReply;

  /** When an answer kept at time 0 stops being served, with the given draw of `random`. */
  function expiry(draw: number): number {
    let clock = 0;
    const cache = new ResponseCache({
      ttlMs: 5000,
      requestId: () => 'r',
      now: () => clock,
      random: () => draw,
    });
    cache.keep('/api/stories', cache.generation, '{"data":[]}', reply);
    while (cache.lookup('/api/stories')) clock += 1;
    return clock;
  }

  it('keeps each answer for 80-100 % of the time to live, never longer', () => {
    expect(expiry(0)).toBe(5000);
    expect(expiry(0.5)).toBe(4500);
    const shortest = expiry(0.999_999);
    expect(shortest).toBeGreaterThanOrEqual(4000);
    expect(shortest).toBeLessThanOrEqual(4001);
  });
});
