import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { storyBody } from '../test/stories.js';
import { sharedCachePolicy, withVary } from './shared-cache.js';

/**
 * Cache-Control for a CDN in front of the app (decision 036), over real HTTP with the visitors'
 * micro-cache on (5 s, as in production), so its hits are checked too.
 */
const PUBLIC = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const PUBLIC_404 = 'public, max-age=0, s-maxage=5';
const PRIVATE = 'private, no-store';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RESPONSE_CACHE_MS: '5000' } });
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
  return { status: res.status, headers: res.headers, body: JSON.parse(text) };
}

async function story(auth: Auth, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/stories/json', auth, storyBody(overrides));
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

describe('Cache-Control for shared caches', () => {
  it("lets a CDN keep a visitor's public reads briefly, varying on Authorization, hits included", async () => {
    const { auth } = await createUser(t.testDb.db, t.config);
    const open = await story(auth, { title: 'Shared Lantern' });
    for (const path of [`/stories/${open.id}`, '/stories', `/stories/${open.id}/similar`]) {
      const miss = await call('GET', path);
      expect(miss.status, path).toBe(200);
      expect(miss.headers.get('cache-control'), path).toBe(PUBLIC);
      expect(miss.headers.get('vary')?.toLowerCase(), path).toContain('authorization');
      // The micro-cache answers the next visitor with the same headers.
      const hit = await call('GET', path);
      expect(hit.headers.get('x-cache'), path).toBe('hit');
      expect(hit.headers.get('cache-control'), path).toBe(PUBLIC);
      expect(hit.headers.get('vary')?.toLowerCase(), path).toContain('authorization');
    }
  });

  it('never for a signed-in reader, not even their reads of public stories', async () => {
    const { auth } = await createUser(t.testDb.db, t.config);
    const open = await story(auth);
    for (const path of [`/stories/${open.id}`, '/stories', '/users/me']) {
      const res = await call('GET', path, auth);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(PRIVATE);
    }
  });

  it('never for private, mature or missing content beyond a short 404, nor for errors and writes', async () => {
    const { auth } = await createUser(t.testDb.db, t.config);
    const secret = await story(auth, { title: 'Secret Lantern', visibility: 'private' });
    const hidden = await call('GET', `/stories/${secret.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).toBe(PUBLIC_404);
    expect(JSON.stringify(hidden.body)).not.toContain('Secret Lantern');
    // Its author's own read of it is theirs alone.
    const own = await call('GET', `/stories/${secret.id}`, auth);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe(PRIVATE);

    // A mature story stays out of the visitors' shared list; a reader's own list is theirs.
    await story(auth, { title: 'Mature Lantern', rating: 'mature' });
    const list = await call('GET', '/stories?sort=latest');
    expect(list.headers.get('cache-control')).toBe(PUBLIC);
    expect(JSON.stringify(list.body)).not.toContain('Mature Lantern');
    expect((await call('GET', '/stories?sort=latest', auth)).headers.get('cache-control')).toBe(
      PRIVATE,
    );

    // A visitor's read of something only signed-in people have: 401, not shared.
    const me = await call('GET', '/users/me');
    expect(me.status).toBe(401);
    expect(me.headers.get('cache-control')).toBe(PRIVATE);
    // A bad query on a public route.
    const bad = await call('GET', '/stories?limit=nope');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe(PRIVATE);
    // Writes.
    const created = await call('POST', '/stories/json', auth, storyBody());
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe(PRIVATE);
    const refused = await call('POST', '/stories/json', undefined, storyBody());
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe(PRIVATE);
    // An unknown API path.
    const nowhere = await call('GET', '/nowhere');
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get('cache-control')).toBe(PRIVATE);
  });

  it('shares nothing when the micro-cache is off (development, tests)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/stories' });
      expect(res.headers['cache-control']).toBe('no-cache');
      const missing = await off.app.inject({ method: 'GET', url: '/api/stories/nope' });
      expect(missing.headers['cache-control']).toBe(PRIVATE);
    } finally {
      await off.close();
    }
  });
});

describe('shared cache policy', () => {
  it('follows RESPONSE_CACHE_MS: s-maxage in whole seconds, a stale window of six times that, at most a minute', () => {
    expect(sharedCachePolicy(5_000).forVisitor(200)).toBe(PUBLIC);
    expect(sharedCachePolicy(1_500).forVisitor(200)).toBe(
      'public, max-age=0, s-maxage=2, stale-while-revalidate=12',
    );
    expect(sharedCachePolicy(60_000).forVisitor(200)).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
    );
    expect(sharedCachePolicy(5_000).forVisitor(404)).toBe(PUBLIC_404);
    for (const status of [201, 301, 400, 401, 403, 410, 429, 500, 503]) {
      expect(sharedCachePolicy(5_000).forVisitor(status)).toBeNull();
    }
    expect(sharedCachePolicy(0).forVisitor(200)).toBeNull();
  });

  it('adds a name to Vary once', () => {
    expect(withVary(undefined, 'authorization')).toBe('authorization');
    expect(withVary('accept-encoding', 'authorization')).toBe('accept-encoding, authorization');
    expect(withVary('Authorization', 'authorization')).toBe('Authorization');
  });
});
