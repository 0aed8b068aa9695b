import { AUTH_MESSAGES, type SessionView } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createRefreshToken,
  createUser,
  signRawToken,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { captureMailer } from '../../test/mail.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const mail = captureMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string, userAgent: string, ip: string, password = TEST_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { username: email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
}

async function tokenOf(email: string, userAgent: string, ip: string): Promise<string> {
  const res = await signIn(email, userAgent, ip);
  expect(res.statusCode).toBe(200);
  return res.json().access_token;
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

async function sessionsOf(token: string): Promise<SessionView[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/sessions',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Mails to `to` whose subject contains `subject`, once the queue had a moment to send them. */
async function mailsTo(to: string, subject: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mail.messages.filter((m) => m.to === to && m.subject.includes(subject));
}

describe('sessions', () => {
  it('lists each sign-in with its device and network, this one marked; ending one signs it out at once', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const laptop = await tokenOf(user.email, FIREFOX, '203.0.113.77');
    const phone = await tokenOf(user.email, SAFARI_IOS, '198.51.100.9');

    const listed = await sessionsOf(laptop);
    const byDevice = new Map(listed.map((s) => [s.device, s]));
    expect(byDevice.get('Firefox on Linux')).toMatchObject({
      network: '203.0.113.0/24',
      method: 'password',
      current: true,
    });
    expect(byDevice.get('Safari on iOS')).toMatchObject({
      network: '198.51.100.0/24',
      current: false,
    });
    // The address itself is never kept, only its network.
    expect(JSON.stringify(listed)).not.toContain('203.0.113.77');

    const phoneSession = byDevice.get('Safari on iOS')!;
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${phoneSession.id}`,
      headers: bearer(laptop),
    });
    expect(end.statusCode).toBe(200);
    expect(end.json().message).toBe(AUTH_MESSAGES.sessionEnded);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.id)).not.toContain(phoneSession.id);
  });

  it("refuses to end another user's session or one that does not exist", async () => {
    const owner = await createUser(t.testDb.db, t.config);
    const stranger = await createUser(t.testDb.db, t.config);
    for (const id of [owner.sessionId, '0190a0a0-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/sessions/${id}`,
        headers: stranger.auth,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(AUTH_MESSAGES.sessionNotFound);
    }
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('Sign Out ends this session only; Sign Out of All Devices ends every one, this one too', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const a = await tokenOf(user.email, FIREFOX, '203.0.113.1');
    const b = await tokenOf(user.email, SAFARI_IOS, '203.0.113.2');
    const c = await tokenOf(user.email, SAFARI_IOS, '203.0.113.3');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a) });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: bearer(b),
    });
    expect(all.statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(401);
  });

  it('rotates refresh tokens; presenting a used one ends that session', async () => {
    const { token, sessionId } = await createUser(t.testDb.db, t.config);
    const first = await createRefreshToken(t.testDb.db, sessionId);
    const refresh = (refresh_token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().refresh_token as string;
    expect(second).not.toBe(first);
    expect((await me(rotated.json().access_token)).statusCode).toBe(200);

    // The first token again: a replay (stolen, or copied). The session ends for everyone.
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(AUTH_MESSAGES.refreshInvalid);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(rotated.json().access_token)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('ends a session left unused longer than the auto-logout setting, on the server', async () => {
    const { user, token, auth, sessionId } = await createUser(t.testDb.db, t.config);
    const idleFor = async (days: number) =>
      db()
        .updateTable('sessions')
        .set({ last_used_at: new Date(Date.now() - days * 86_400_000).toISOString() })
        .where('id', '=', sessionId)
        .execute();

    await idleFor(8);
    expect((await me(token)).statusCode).toBe(200); // the default is 30 days
    const setting = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: auth,
      payload: { sessionTimeout: 7 },
    });
    expect(setting.statusCode).toBe(200);
    await idleFor(8);
    expect((await me(token)).statusCode).toBe(401);
    const row = await db()
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('idle');
    expect(row.ended_at).not.toBeNull();
    // A fresh sign-in works as ever.
    expect((await me(await tokenOf(user.email, FIREFOX, '203.0.113.5'))).statusCode).toBe(200);
  });

  it('emails a login alert for a device the account has not used, unless switched off', async () => {
    const { user, auth } = await createUser(t.testDb.db, t.config);
    await tokenOf(user.email, FIREFOX, '203.0.113.10');
    const alerts = await mailsTo(user.email, 'New sign-in');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Firefox on Linux');
    expect(alerts[0]!.text).toContain('203.0.113.0/24');
    expect(alerts[0]!.text).not.toContain('203.0.113.10');

    await tokenOf(user.email, FIREFOX, '203.0.113.11');
    expect(await mailsTo(user.email, 'New sign-in')).toHaveLength(1);

    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: auth,
      payload: { loginAlerts: false },
    });
    await tokenOf(user.email, SAFARI_IOS, '203.0.113.12');
    expect(await mailsTo(user.email, 'New sign-in')).toHaveLength(1);
  });

  it('sends no alert for the very first sign-in of an account', async () => {
    const email = 'first.signin@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'first_signin', email, password: 'long-enough-1' },
    });
    expect(signup.statusCode).toBe(201);
    const res = await signIn(email, FIREFOX, '203.0.113.20', 'long-enough-1');
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(email, 'New sign-in')).toHaveLength(0);
  });

  it('honours a token from before sessions until the account signs out everywhere', async () => {
    const { user, auth } = await createUser(t.testDb.db, t.config);
    const legacy = signRawToken(t.config.jwtSecret, {
      sub: user.id,
      ver: user.token_version,
      typ: 'access',
    });
    expect((await me(legacy)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: auth });
    expect((await me(legacy)).statusCode).toBe(401);
  });
});

describe('password guessing', () => {
  it('slows one address down with growing delays, without blocking the owner elsewhere', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await signIn(user.email, FIREFOX, '192.0.2.50', `wrong-${i}-pw`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const waited = await signIn(user.email, FIREFOX, '192.0.2.50');
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from another address is not held up by this one.
    expect((await signIn(user.email, FIREFOX, '192.0.2.99')).statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses, but not the owner on their usual network', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    // The owner has signed in from home before.
    await tokenOf(user.email, FIREFOX, '198.51.100.20');
    let blocked = 0;
    for (let i = 0; i < 25; i++) {
      const res = await signIn(user.email, SAFARI_IOS, `10.9.${i}.1`, `guess-${i}-pw`);
      if (res.statusCode === 429) blocked += 1;
    }
    expect(blocked).toBeGreaterThan(0);
    expect((await signIn(user.email, SAFARI_IOS, '10.9.200.1')).statusCode).toBe(429);
    // At home, the right password still works.
    expect((await signIn(user.email, FIREFOX, '198.51.100.21')).statusCode).toBe(200);
  });
});

describe('deleting the account', () => {
  const remove = (auth: { authorization: string }, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: auth,
      ...(payload ? { payload } : {}),
    });

  it('needs the current password: a token alone deletes nothing', async () => {
    const { auth, token } = await createUser(t.testDb.db, t.config);
    const missing = await remove(auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.password).toBe(AUTH_MESSAGES.deletePasswordRequired);
    const wrong = await remove(auth, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.password).toBe(AUTH_MESSAGES.deletePasswordWrong);
    expect((await me(token)).statusCode).toBe(200);
    expect((await remove(auth, { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('needs a fresh Google sign-in for an account without a password', async () => {
    const { user, auth, sessionId } = await createUser(t.testDb.db, t.config, {
      password_hash: null,
      google_sub: 'g-delete-1',
    });
    const stale = await remove(auth);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({
      message: AUTH_MESSAGES.deleteNeedsGoogle,
      error: { code: 'reauth_required' },
    });
    // A Google sign-in a moment ago confirms it.
    await db()
      .updateTable('sessions')
      .set({ method: 'google', created_at: new Date().toISOString() })
      .where('id', '=', sessionId)
      .execute();
    expect((await remove(auth)).statusCode).toBe(200);
    const gone = await db().selectFrom('users').select('id').where('id', '=', user.id).execute();
    expect(gone).toEqual([]);
  });
});
