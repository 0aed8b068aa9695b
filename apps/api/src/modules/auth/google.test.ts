import { AUTH_MESSAGES, isReservedUsername, SUSPENDED_FOR_GOOD } from '@storyloom/shared';
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

/** Trades the one-time code the callback left in the page's fragment, as the page does. */
async function exchange(target: URL) {
  const code = new URLSearchParams(target.hash.slice(1)).get('code') ?? '';
  return t.app.inject({ method: 'POST', url: '/api/auth/google/exchange', payload: { code } });
}

async function tokensOf(target: URL): Promise<{ access_token: string; refresh_token: string }> {
  const res = await exchange(target);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const meWith = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${token}` },
  });

describe('Google sign-in (OIDC code flow with PKCE)', () => {
  it('creates an account on first sign-in; the browser trades a one-time code for both tokens', async () => {
    provider.setIdentity({
      sub: 'g-new-1',
      email: 'New.Reader@Example.com',
      email_verified: true,
      name: 'New Reader',
    });
    const target = await signInWithGoogle();
    expect(target.pathname).toBe('/auth/google-success');
    // No token travels in a URL a server or proxy could log: only a code, in the fragment.
    expect(target.search).toBe('');
    expect(target.href).not.toMatch(/access_token|refresh_token/);
    const { access_token: access, refresh_token: refresh } = await tokensOf(target);
    expect(refresh).toBeTruthy();
    const me = await meWith(access);
    expect(me.json().data).toMatchObject({
      email: 'new.reader@example.com',
      google_linked: true,
      has_password: false,
      email_verified: true,
    });
    expect(me.json().data.username).toMatch(/^[A-Za-z0-9_-]{3,30}$/);

    const second = await signInWithGoogle();
    const again = await meWith((await tokensOf(second)).access_token);
    expect(again.json().data.id).toBe(me.json().data.id);
  });

  it.each([
    ['admin@example.com', /^admin\d{4}$/],
    ['Support@Example.com', /^support\d{4}$/],
    ['STORYLOOM@example.com', /^storyloom\d{4}$/],
  ])('never gives a new account from %s a reserved username', async (email, expected) => {
    provider.setIdentity({ sub: `g-reserved-${email}`, email, email_verified: true });
    const target = await signInWithGoogle();
    const me = await meWith((await tokensOf(target)).access_token);
    expect(me.statusCode).toBe(200);
    expect(isReservedUsername(me.json().data.username)).toBe(false);
    expect(me.json().data.username).toMatch(expected);
  });

  it('takes a one-time code once, and never after it expired', async () => {
    provider.setIdentity({ sub: 'g-code-1', email: 'code.once@example.com', email_verified: true });
    const target = await signInWithGoogle();
    expect((await exchange(target)).statusCode).toBe(200);
    const replay = await exchange(target);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(AUTH_MESSAGES.loginCodeInvalid);

    const late = await signInWithGoogle();
    await t.testDb.db.kysely
      .updateTable('login_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await exchange(late)).statusCode).toBe(401);
  });

  it('links an existing account whose holder verified the email, keeping its password', async () => {
    const { user, token } = await createUser(t.testDb.db, t.config);
    provider.setIdentity({ sub: 'g-link-1', email: user.email, email_verified: true });
    const target = await signInWithGoogle();
    const me = await meWith((await tokensOf(target)).access_token);
    expect(me.json().data).toMatchObject({ id: user.id, google_linked: true, has_password: true });
    // The holder's own other sessions go on.
    expect((await meWith(token)).statusCode).toBe(200);
  });

  it('takes an unverified account away from whoever opened it with the owner’s email', async () => {
    // Someone signs up with the owner's address and a password of their own, never verifies
    // it, and writes a private story while waiting.
    const attacker = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'early_bird', email: 'owner@example.com', password: 'attacker-pw-1' },
    });
    expect(attacker.statusCode).toBe(201);
    const attackerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'owner@example.com', password: 'attacker-pw-1' },
    });
    const attackerToken = attackerLogin.json().access_token as string;
    expect((await meWith(attackerToken)).statusCode).toBe(200);

    // The real owner signs in with Google, which verified the address.
    provider.setIdentity({ sub: 'g-owner-1', email: 'owner@example.com', email_verified: true });
    const target = await signInWithGoogle();
    const owner = await tokensOf(target);
    const me = await meWith(owner.access_token);
    expect(me.json().data).toMatchObject({
      email: 'owner@example.com',
      google_linked: true,
      has_password: false,
      email_verified: true,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/stories/json',
      headers: { authorization: `Bearer ${owner.access_token}` },
      payload: {
        title: 'My own private draft',
        genre: 'Fantasy',
        visibility: 'private',
        chapters: [{ title: 'One', content: '<p>Mine alone.</p>' }],
      },
    });

    // Every way in the attacker set up is gone: their token, and their password.
    expect((await meWith(attackerToken)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: 'owner@example.com', password: 'attacker-pw-1' },
    });
    expect(again.statusCode).not.toBe(200);
    expect(again.json().access_token).toBeUndefined();
  });

  it('does not take over an account when the provider did not verify the email', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    provider.setIdentity({ sub: 'g-unverified', email: user.email, email_verified: false });
    const target = await signInWithGoogle();
    expect(target.searchParams.get('error')).toBe('google_auth_failed');
    expect(target.hash).toBe('');
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

  it('refuses a suspended account and sends the browser to say until when, with no session', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    provider.setIdentity({ sub: 'g-suspended-1', email: user.email, email_verified: true });
    const suspend = (until: string) =>
      t.testDb.db.kysely
        .updateTable('users')
        .set({ suspended_until: until })
        .where('id', '=', user.id)
        .execute();
    const sessions = async () =>
      (
        await t.testDb.db.kysely
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute()
      ).length;
    const before = await sessions();

    await suspend('2099-03-04T00:00:00.000Z');
    const timed = await signInWithGoogle();
    expect(timed.pathname).toBe('/auth/google-success');
    expect(timed.searchParams.get('error')).toBe('suspended');
    expect(timed.searchParams.get('until')).toBe('2099-03-04');
    expect(timed.hash).toBe('');

    await suspend(SUSPENDED_FOR_GOOD);
    const forGood = await signInWithGoogle();
    expect(forGood.searchParams.get('error')).toBe('suspended');
    expect(forGood.searchParams.has('until')).toBe(false);
    expect(await sessions()).toBe(before);
  });

  it('advertises Google as available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json().data).toEqual({ google: true });
  });
});
