import { beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('lets the Google callback through while it carries a code, even when signed in', () => {
    const at = (hash: string) => {
      vi.stubGlobal('window', { location: { hash } });
      return googleCallbackLoader();
    };
    try {
      expect(at('#code=one-time')).toBeNull();
      expect(at('')).toBeNull();

      useAuthStore.getState().setTokens('tok', null);
      expect(at('#code=one-time')).toBeNull();
      expect(location(at(''))).toBe('/feed');
      expect(location(at('#code='))).toBe('/feed');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
