import { describe, expect, it } from 'vitest';
import { loginCodeFrom } from './login-code';

describe('loginCodeFrom', () => {
  it('reads the code from a fragment, with or without its #', () => {
    expect(loginCodeFrom('#code=abc-123_XY')).toBe('abc-123_XY');
    expect(loginCodeFrom('code=abc')).toBe('abc');
    expect(loginCodeFrom('#state=1&code=a%2Bb')).toBe('a+b');
  });

  it('is null without a code, or with an empty one', () => {
    expect(loginCodeFrom('')).toBeNull();
    expect(loginCodeFrom('#')).toBeNull();
    expect(loginCodeFrom('#code=')).toBeNull();
    expect(loginCodeFrom('#access_token=a')).toBeNull();
  });
});
