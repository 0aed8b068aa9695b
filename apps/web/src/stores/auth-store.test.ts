import { STORAGE_KEYS } from '@storyloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readString } from '../lib/storage';
import { handleUnauthorized, type User, useAuthStore } from './auth-store';

const user: User = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  username: 'ann',
  email: 'ann@example.com',
  email_verified: true,
  has_password: true,
  google_linked: false,
  bio: null,
  profile_pic: null,
  followers_count: 0,
  following_count: 0,
  stories_count: 0,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

function call(index: number) {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.getState().logout();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('gets a token with a multipart form, then the user', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ access_token: 'tok', token_type: 'bearer' }))
      .mockResolvedValueOnce(json({ success: true, data: user }));

    await useAuthStore.getState().login('ann@example.com', 'secret12');

    const token = call(0);
    expect(token.url).toBe('/api/auth/token');
    expect(token.init.method).toBe('POST');
    const form = token.init.body as FormData;
    expect(form.get('username')).toBe('ann@example.com');
    expect(form.get('password')).toBe('secret12');
    expect(call(1).url).toBe('/api/users/me');
    expect(call(1).headers.get('Authorization')).toBe('Bearer tok');

    const state = useAuthStore.getState();
    expect(state).toMatchObject({
      accessToken: 'tok',
      refreshToken: null,
      user,
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
  });

  it('keeps the server message on failure and rethrows', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        { success: false, message: 'Incorrect email or password', error: { code: 'unauthorized' } },
        401,
      ),
    );
    await expect(useAuthStore.getState().login('ann@example.com', 'wrong')).rejects.toThrow();
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      error: 'Incorrect email or password',
    });
  });

  it('prefers details.message over the message', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          success: false,
          message: 'Some fields are invalid',
          error: { code: 'invalid_input', details: { message: 'Please sign in with Google' } },
        },
        400,
      ),
    );
    await expect(useAuthStore.getState().login('a@b.co', 'secret12')).rejects.toThrow();
    expect(useAuthStore.getState().error).toBe('Please sign in with Google');
  });
});

describe('signup', () => {
  it('creates the account with JSON, then signs in with the same credentials', async () => {
    fetchMock
      .mockResolvedValueOnce(json({ success: true, data: user }, 201))
      .mockResolvedValueOnce(json({ access_token: 'tok', token_type: 'bearer' }))
      .mockResolvedValueOnce(json({ success: true, data: user }));

    await useAuthStore
      .getState()
      .signup({ username: 'ann', email: 'ann@example.com', password: 'secret12' });

    expect(call(0).url).toBe('/api/auth/signup');
    expect(JSON.parse(call(0).init.body as string)).toEqual({
      username: 'ann',
      email: 'ann@example.com',
      password: 'secret12',
    });
    expect(call(1).url).toBe('/api/auth/token');
    expect(useAuthStore.getState()).toMatchObject({ user, isAuthenticated: true });
  });

  it('sets the error and does not sign in when sign-up fails', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: false, message: 'Username is taken', error: { code: 'conflict' } }, 409),
    );
    await expect(
      useAuthStore.getState().signup({ username: 'ann', email: 'a@b.co', password: 'secret12' }),
    ).rejects.toThrow('Username is taken');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().error).toBe('Username is taken');
  });
});

describe('fetchMe', () => {
  beforeEach(() => {
    useAuthStore.getState().setTokens('tok', null);
    useAuthStore.getState().setUser(user);
  });

  it('signs out on a 401', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: false, message: 'Expired', error: { code: 'unauthorized' } }, 401),
    );
    await useAuthStore.getState().fetchMe();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: null,
      user: null,
      isAuthenticated: false,
    });
  });

  it("keeps the session on other failures and sets 'Failed to fetch user'", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useAuthStore.getState().fetchMe();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: 'tok',
      user,
      isAuthenticated: true,
      isLoading: false,
      error: 'Failed to fetch user',
    });
    useAuthStore.getState().clearError();
    expect(useAuthStore.getState().error).toBeNull();
  });
});

describe('session', () => {
  it('persists exactly the four session fields under auth-storage', () => {
    useAuthStore.setState({ error: 'x', isLoading: true });
    useAuthStore.getState().setTokens('tok', 'refresh');
    useAuthStore.getState().setUser(user);
    const stored = JSON.parse(readString(STORAGE_KEYS.auth) ?? '{}');
    expect(Object.keys(stored.state).sort()).toEqual(
      ['accessToken', 'isAuthenticated', 'refreshToken', 'user'].sort(),
    );
    expect(stored.state).toMatchObject({ accessToken: 'tok', refreshToken: 'refresh', user });
  });

  it('logout clears token, user and error', () => {
    useAuthStore.getState().setTokens('tok', 'refresh');
    useAuthStore.setState({ user, error: 'x' });
    useAuthStore.getState().logout();
    expect(useAuthStore.getState()).toMatchObject({
      accessToken: null,
      refreshToken: null,
      user: null,
      isAuthenticated: false,
      error: null,
    });
  });

  it('a 401 signs out and leaves for the login page unless already on an auth page', () => {
    const assign = vi.fn();
    const location = { pathname: '/feed', assign };
    vi.stubGlobal('window', { location });
    useAuthStore.getState().setTokens('tok', null);

    handleUnauthorized();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(assign).toHaveBeenCalledWith('/auth/login');

    location.pathname = '/auth/login';
    handleUnauthorized();
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
