import { AUTH_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import {
  createRefreshToken,
  createSession,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.js';
import { captureMailer } from '../../test/mail.js';
import { multipart } from '../../test/multipart.js';
import { createTokenService } from './tokens.js';

let t: TestApp;
const mail = captureMailer();
let ipCounter = 0;
/** Each test speaks from its own address so per-IP limits don't couple tests. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(() => t.close());

async function signup(body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: body,
    remoteAddress: ip,
  });
}

async function login(email: string, password: string, ip = nextIp()) {
  const form = multipart({ username: email, password });
  return t.app.inject({ method: 'POST', url: '/api/auth/token', ...form, remoteAddress: ip });
}

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${token}` },
  });

describe('sign-up', () => {
  it('creates the account, hides the hash and sends a verification email', async () => {
    const res = await signup({
      username: 'Ada_Writes',
      email: 'Ada@Example.com',
      password: 'longenough1',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({
      username: 'Ada_Writes',
      email: 'ada@example.com',
      email_verified: false,
      has_password: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    expect(await mail.tokenFor('ada@example.com', '/auth/verify-email')).toMatch(/^[\w-]{20,}$/);
  });

  it.each([
    [
      { username: '', email: 'a@b.co', password: 'longenough1' },
      'username',
      AUTH_MESSAGES.usernameRequired,
    ],
    [
      { username: 'ab', email: 'a@b.co', password: 'longenough1' },
      'username',
      AUTH_MESSAGES.usernameMin,
    ],
    [
      { username: 'bad name!', email: 'a@b.co', password: 'longenough1' },
      'username',
      AUTH_MESSAGES.usernamePattern,
    ],
    [
      { username: 'good_name', email: 'not-an-email', password: 'longenough1' },
      'email',
      AUTH_MESSAGES.emailInvalid,
    ],
    [
      { username: 'good_name', email: 'a@b.co', password: 'short' },
      'password',
      AUTH_MESSAGES.passwordMin,
    ],
  ])('rejects %o with the spec message under %s', async (body, field, message) => {
    const res = await signup(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[field]).toBe(message);
  });

  it.each(['search', 'Search', 'SUGGESTED'])(
    'refuses %s, a path segment of /users routes, as a taken username',
    async (username) => {
      const res = await signup({
        username,
        email: `${username}@example.com`,
        password: 'longenough1',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details.username).toBe(AUTH_MESSAGES.usernameTaken);
    },
  );

  it.each([
    'admin',
    'Admin',
    'ADMIN',
    'support',
    'Moderator',
    'staff',
    'root',
    'SYSTEM',
    'storyloom',
    'StoryLoom',
    'story_loom',
    'Official',
    'security',
    'help',
  ])(
    'refuses %s, a name that would pass for the staff or the product, as a taken username',
    async (username) => {
      const res = await signup({
        username,
        email: `${username}-reserved@example.com`,
        password: 'longenough1',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.details.username).toBe(AUTH_MESSAGES.usernameTaken);
    },
  );

  it('still takes names that merely start like a reserved one', async () => {
    for (const username of ['admiral', 'helpful_hanna', 'rooted', 'storyloomer', 'mod_squad']) {
      const res = await signup({
        username,
        email: `${username}@example.com`,
        password: 'longenough1',
      });
      expect(res.statusCode, username).toBe(201);
    }
  });

  it('refuses a taken username or email, case-insensitively, with 409 details', async () => {
    await signup({ username: 'Taken_One', email: 'taken@example.com', password: 'longenough1' });
    const byName = await signup({
      username: 'taken_one',
      email: 'other@example.com',
      password: 'longenough1',
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.details.username).toBe(AUTH_MESSAGES.usernameTaken);
    const byEmail = await signup({
      username: 'another_one',
      email: 'TAKEN@example.com',
      password: 'longenough1',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error.details.email).toBe(AUTH_MESSAGES.emailTaken);
  });
});

describe('sign-in', () => {
  it('answers the password grant with an OAuth2 token, multipart or urlencoded', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect((await me(body.access_token)).json().data.id).toBe(user.id);

    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: user.email.toUpperCase(),
        password: TEST_PASSWORD,
      }).toString(),
      remoteAddress: nextIp(),
    });
    expect(urlencoded.statusCode).toBe(200);
  });

  it('gives one generic answer for a wrong password and an unknown email', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.badCredentials);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.badCredentials);
  });

  it("tells a Google-only account to 'sign in with Google'", async () => {
    const { user } = await createUser(t.testDb.db, t.config, {
      password_hash: null,
      google_sub: 'g-123',
    });
    const res = await login(user.email, 'anything-at-all');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('sign in with Google');
  });

  it('rejects a missing, malformed or forged token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
    const forged = createTokenService('x'.repeat(40)).sign(
      '0190a0a0-0000-7000-8000-000000000001',
      '0190a0a0-0000-7000-8000-000000000002',
    );
    expect((await me(forged)).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  it('verifies once with the emailed token; a reused or expired token fails', async () => {
    await signup({ username: 'verify_me', email: 'verify@example.com', password: 'longenough1' });
    const token = await mail.tokenFor('verify@example.com', '/auth/verify-email');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.verificationFailed);
    const session = (await login('verify@example.com', 'longenough1')).json();
    expect((await me(session.access_token)).json().data.email_verified).toBe(true);
  });

  it('refuses an expired token and can resend a fresh one', async () => {
    const { user, auth } = await createUser(t.testDb.db, t.config, { email_verified_at: null });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: auth,
    });
    expect(resend.statusCode).toBe(200);
    const token = await mail.tokenFor(user.email, '/auth/verify-email');
    await t.testDb.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(res.statusCode).toBe(400);
  });

  it('asks for a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.token).toBe(AUTH_MESSAGES.verificationTokenRequired);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown emails', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
      remoteAddress: nextIp(),
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetRequested);
  });

  it('does the same work in the request for known and unknown emails: one queued job', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const ghost = 'nobody-here@example.com';
    const since = new Date().toISOString();
    for (const email of [user.email, ghost]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
    }
    // The request only queued the work (no lookup's result, no token, no mail in it)...
    const jobs = await t.testDb.db.kysely
      .selectFrom('jobs')
      .select('kind')
      .where('created_at', '>=', since)
      .execute();
    expect(jobs.map((job) => job.kind)).toEqual(['password-reset', 'password-reset']);
    const tokens = await t.testDb.db.kysely
      .selectFrom('email_tokens')
      .select('id')
      .where('created_at', '>=', since)
      .execute();
    expect(tokens.length).toBeLessThanOrEqual(1);
    // ...and the worker mails the link to the account that exists, and nothing to the other.
    expect(await mail.tokenFor(user.email, '/auth/reset-password')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.some((m) => m.to === ghost)).toBe(false);
  });

  it('sets the new password once, signs out old sessions, and refuses reuse', async () => {
    const { user, token: oldToken } = await createUser(t.testDb.db, t.config);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    const token = await mail.tokenFor(user.email, '/auth/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password: 'another-pass1' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(AUTH_MESSAGES.resetInvalid);
  });

  it('validates the new password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x', new_password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.new_password).toBe(AUTH_MESSAGES.passwordMin);
  });
});

describe('sessions', () => {
  it('changing the password ends every other session; this one goes on', async () => {
    const { user, auth, token } = await createUser(t.testDb.db, t.config);
    const otherDevice = createTokenService(t.config.jwtSecret).sign(
      user.id,
      await createSession(t.testDb.db, user.id, 'Firefox on Linux'),
    );
    expect((await me(otherDevice)).statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: auth,
      payload: { old_password: 'nope-nope', new_password: 'fresh-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.old_password).toBe(AUTH_MESSAGES.oldPasswordWrong);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: auth,
      payload: { old_password: TEST_PASSWORD, new_password: 'short' },
    });
    expect(short.json().error.details.new_password).toBe(AUTH_MESSAGES.passwordMin);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: auth,
      payload: { old_password: TEST_PASSWORD, new_password: 'fresh-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    // The client that changed it keeps working, whether or not it swaps in the answered token.
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(res.json().data.access_token)).statusCode).toBe(200);
    expect((await login(user.email, 'fresh-password')).statusCode).toBe(200);
  });

  it('Sign Out of All Devices revokes every access and refresh token', async () => {
    const { auth, token, sessionId } = await createUser(t.testDb.db, t.config);
    const refreshToken = await createRefreshToken(t.testDb.db, sessionId);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBeTruthy();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: auth });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(refreshed.json().access_token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: refreshed.json().refresh_token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('does not accept an access token as a refresh token', async () => {
    const { token } = await createUser(t.testDb.db, t.config);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: token },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('slows brute force on one account whatever the source address', async () => {
    const { user } = await createUser(t.testDb.db, t.config);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login(user.email, `wrong-${i}-pass`, nextIp())).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await login(user.email, TEST_PASSWORD, nextIp());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, error: { code: 'too_many_requests' } });
  });

  it('limits sign-ups per address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await signup(
            { username: `flood${i}`, email: `flood${i}@example.com`, password: 'longenough1' },
            ip,
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('providers', () => {
  it('says Google sign-in is not set up, and the login route redirects with that error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json().data).toEqual({ google: false });
    const redirect = await t.app.inject({ method: 'GET', url: '/api/auth/google/login' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/auth/login?error=google_not_configured');
  });
});
