import { randomBytes } from 'node:crypto';
import type { BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

/** A user nobody has used yet (usernames and emails are unique on the server). */
export function newUser(prefix = 'reader'): TestUser {
  const tag = randomBytes(4).toString('hex');
  return {
    username: `${prefix}_${tag}`,
    email: `${prefix}.${tag}@example.com`,
    password: 'Plot-Twist-42',
  };
}

async function api<T>(
  path: string,
  init: RequestInit = {},
  origin = inject('baseURL'),
): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, init);
  const body = (await response.json()) as { data?: T } & T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return (body.data ?? body) as T;
}

/** Creates the account directly (the server also mails a verification link). */
export async function signUpViaApi(user: TestUser = newUser()): Promise<TestUser> {
  await api('/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, email: user.email, password: user.password }),
  });
  return user;
}

/** The password grant, as the login form sends it. */
export async function tokenViaApi(user: TestUser, origin = inject('baseURL')): Promise<string> {
  const form = new FormData();
  form.append('username', user.email);
  form.append('password', user.password);
  const { access_token } = await api<{ access_token: string }>(
    '/auth/token',
    { method: 'POST', body: form },
    origin,
  );
  return access_token;
}

/**
 * The `login()` fixture: a new user, signed in by writing the session the web app persists
 * (`auth-storage`), so a page opens already signed in. Pass it as `openPage`'s storageState.
 */
export async function signedInSession(user: TestUser = newUser()) {
  await signUpViaApi(user);
  return sessionOf(user);
}

/**
 * A signed-in session of an existing account (after a change made outside, such as a role), on
 * the shared test server or the one at `origin`.
 */
export async function sessionOf(user: TestUser, origin = inject('baseURL')) {
  const accessToken = await tokenViaApi(user, origin);
  const me = await api<Record<string, unknown>>(
    '/users/me',
    { headers: { authorization: `Bearer ${accessToken}` } },
    origin,
  );
  const session = {
    state: { accessToken, refreshToken: null, user: me, isAuthenticated: true },
    version: 0,
  };
  const storageState: BrowserContextOptions['storageState'] = {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [{ name: 'auth-storage', value: JSON.stringify(session) }],
      },
    ],
  };
  return { user, accessToken, storageState };
}

/** Chooses who "signs in with Google" at the mock provider; `deny` refuses consent. */
export async function setGoogleIdentity(identity: {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  deny?: boolean;
}): Promise<void> {
  const response = await fetch(`${inject('oidcIssuer')}/__identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_verified: true, ...identity }),
  });
  if (!response.ok) throw new Error(`mock provider answered ${response.status}`);
}
