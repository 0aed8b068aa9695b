import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { guestOnlyLoader, requireAuthLoader } from './guards';

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
});
