import { describe, expect, it } from 'vitest';
import { isGoogleOnlyFailure, loginNotice } from './login-notice';

describe('login page notices', () => {
  it('maps each ?error= code to its message', () => {
    expect(loginNotice('google_auth_failed')).toBe(
      'Failed to sign in with Google. Please try again.',
    );
    expect(loginNotice('missing_tokens')).toBe('Authentication failed. Please try again.');
    expect(loginNotice('auth_processing_failed')).toBe('Authentication failed. Please try again.');
    expect(loginNotice('google_not_configured')).toBe(
      'Google sign-in is not set up on this server.',
    );
  });

  it('tells a suspended account until when, or that it is for good', () => {
    expect(loginNotice('suspended', '2099-03-04')).toBe(
      'This account is suspended until 2099-03-04.',
    );
    expect(loginNotice('suspended')).toBe('This account has been suspended.');
    // A day that is not one is not shown.
    expect(loginNotice('suspended', '<b>soon</b>')).toBe('This account has been suspended.');
  });

  it('ignores missing and unknown codes', () => {
    expect(loginNotice(null)).toBeNull();
    expect(loginNotice('')).toBeNull();
    expect(loginNotice('toString')).toBeNull();
    expect(loginNotice('whatever')).toBeNull();
  });

  it("recognises the server's Google-only answer", () => {
    expect(
      isGoogleOnlyFailure('This account was created with Google: please sign in with Google.'),
    ).toBe(true);
    expect(isGoogleOnlyFailure('Incorrect email or password')).toBe(false);
    expect(isGoogleOnlyFailure(null)).toBe(false);
  });
});
