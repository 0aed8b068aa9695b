import { isReservedUsername } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { type MockOidc, startMockOidc } from '../../test/mock-oidc.js';

const CLIENT = { clientId: 'storyloom-test', clientSecret: 'test-secret-value' };
let t: TestApp;
let provider: MockOidc;

beforeAll(async () => {
  provider = await startMockOidc(CLIENT);
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
      PUBLIC_URL: 'http://storyloom.test',
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** Walks the browser's path: our login route, the provider, our callback. Returns the final redirect. */
async function signInWithGoogle(): Promise<URL> {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/login' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;

  const approved = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/google/callback');

  const done = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie },
  });
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string, 'http://storyloom.test');
}

describe('Google sign-in (OIDC code flow with PKCE)', () => {
  it('creates an account on first sign-in and hands the browser both tokens', async () => {
    provider.setIdentity({
      sub: 'g-new-1',
      email: 'New.Reader@Example.com',
      email_verified: true,
      name: 'New Reader',
    });
    const target = await signInWithGoogle();
    expect(target.pathname).toBe('/auth/google-success');
    const access = target.searchParams.get('access_token')!;
    expect(target.searchParams.get('refresh_token')).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.json().data).toMatchObject({
      email: 'new.reader@example.com',
      google_linked: true,
      has_password: false,
      email_verified: true,
    });
    expect(me.json().data.username).toMatch(/^[A-Za-z0-9_-]{3,30}$/);

    const second = await signInWithGoogle();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${second.searchParams.get('access_token')}` },
    });
    expect(again.json().data.id).toBe(me.json().data.id);
  });

  it.each([
    ['admin@example.com', /^admin\d{4}$/],
    ['Support@Example.com', /^support\d{4}$/],
    ['STORYLOOM@example.com', /^storyloom\d{4}$/],
  ])('never gives a new account from %s a reserved username', async (email, expected) => {
    provider.setIdentity({ sub: `g-reserved-${email}`, email, email_verified: true });
    const target = await signInWithGoogle();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${target.searchParams.get('access_token')}` },
    });
    expect(me.statusCode).toBe(200);
    expect(isReservedUsername(me.json().data.username)).toBe(false);
    expect(me.json().data.username).toMatch(expected);
  });

  it('links an existing account with the same verified email', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    provider.setIdentity({ sub: 'g-link-1', email: user.email, email_verified: true });
    const target = await signInWithGoogle();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${target.searchParams.get('access_token')}` },
    });
    expect(me.json().data).toMatchObject({ id: user.id, google_linked: true, has_password: true });
  });

  it('does not take over an account when the provider did not verify the email', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    provider.setIdentity({ sub: 'g-unverified', email: user.email, email_verified: false });
    const target = await signInWithGoogle();
    expect(target.searchParams.get('error')).toBe('google_auth_failed');
    expect(target.searchParams.get('access_token')).toBeNull();
  });

  it('reports a denied consent and a callback without the state cookie as errors', async () => {
    provider.setDeny(true);
    const denied = await signInWithGoogle();
    provider.setDeny(false);
    expect(denied.searchParams.get('error')).toBe('access_denied');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=xyz',
    });
    expect(new URL(forged.headers.location as string, 'http://x').searchParams.get('error')).toBe(
      'invalid_state',
    );
  });

  it('advertises Google as available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json().data).toEqual({ google: true });
  });
});
