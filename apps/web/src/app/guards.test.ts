import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { googleCallbackLoader, guestOnlyLoader, requireAuthLoader } from './guards';

function location(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  return (result as Response).headers.get('Location');
}

describe('route guards', () => {
  beforeEach(() => useAuthStore.getState().logout());

  it('sends visitors from signed-in routes to the login page', () => {
    expect(location(requireAuthLoader())).toBe('/auth/login');
    expect(guestOnlyLoader()).toBeNull();
  });

  it('sends signed-in users from guest routes to the feed', () => {
    useAuthStore.getState().setTokens('tok', null);
    expect(location(guestOnlyLoader())).toBe('/feed');
    expect(requireAuthLoader()).toBeNull();
  });

  it('lets the Google callback through while it carries tokens, even when signed in', () => {
    const at = (search: string) => ({
      request: new Request(`http://localhost/auth/google-success${search}`),
    });
    expect(googleCallbackLoader(at('?access_token=a&refresh_token=r'))).toBeNull();
    expect(googleCallbackLoader(at('?error=access_denied'))).toBeNull();

    useAuthStore.getState().setTokens('tok', null);
    expect(googleCallbackLoader(at('?access_token=a&refresh_token=r'))).toBeNull();
    expect(location(googleCallbackLoader(at('')))).toBe('/feed');
    expect(location(googleCallbackLoader(at('?error=access_denied')))).toBe('/feed');
  });
});
