import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { createStory } from '../test/stories.js';

/**
 * Strict-Transport-Security tells a browser to use HTTPS only: it means something on an HTTPS
 * answer and must not be sent over plain HTTP (RFC 6797 §7.2), where anyone on the path could
 * have added or removed it. HTTPS is the request's protocol, X-Forwarded-Proto included only
 * behind a trusted proxy (TRUST_PROXY).
 */
const HSTS = 'strict-transport-security';

describe('Strict-Transport-Security', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('is not sent over plain HTTP, on API answers, errors and pages alike', async () => {
    for (const url of ['/api/health', '/api/nope', '/', '/media/none.webp']) {
      expect((await get(direct, url)).headers[HSTS], url).toBeUndefined();
      expect((await get(proxied, url)).headers[HSTS], url).toBeUndefined();
      const forwardedHttp = await get(proxied, url, { 'x-forwarded-proto': 'http' });
      expect(forwardedHttp.headers[HSTS], url).toBeUndefined();
    }
  });

  it('is sent on HTTPS answers behind a trusted proxy', async () => {
    for (const url of ['/api/health', '/api/nope', '/']) {
      const res = await get(proxied, url, { 'x-forwarded-proto': 'https' });
      expect(res.headers[HSTS], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('ignores X-Forwarded-Proto when the proxy is not trusted', async () => {
    const res = await get(direct, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(res.headers[HSTS]).toBeUndefined();
  });
});

describe('Strict-Transport-Security on visitors’ cache hits', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', RESPONSE_CACHE_MS: '60000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  const visit = (path: string, proto?: string) =>
    fetch(`${origin}${path}`, { headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it('follows the protocol of the request served, not of the one the answer was kept from', async () => {
    const { auth } = await createUser(t.testDb.db, t.config);
    const first = await createStory(t, auth, { title: 'Kept Over HTTPS' });
    const kept = await visit(`/api/stories/${first.id}`, 'https');
    expect([kept.headers.get('x-cache'), kept.headers.get(HSTS)]).toEqual([
      'miss',
      'max-age=31536000; includeSubDomains',
    ]);
    const plain = await visit(`/api/stories/${first.id}`);
    expect([plain.headers.get('x-cache'), plain.headers.get(HSTS)]).toEqual(['hit', null]);

    const second = await createStory(t, auth, { title: 'Kept Over HTTP' });
    expect((await visit(`/api/stories/${second.id}`, 'http')).headers.get(HSTS)).toBeNull();
    const secure = await visit(`/api/stories/${second.id}`, 'https');
    expect([secure.headers.get('x-cache'), secure.headers.get(HSTS)]).toEqual([
      'hit',
      'max-age=31536000; includeSubDomains',
    ]);
  });
});
