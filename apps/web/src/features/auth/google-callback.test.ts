import { describe, expect, it } from 'vitest';
import { CALLBACK_OUTCOMES, initialOutcome, readCallbackParams } from './google-callback';

const read = (search: string) => readCallbackParams(new URLSearchParams(search));

describe('Google callback parameters', () => {
  it('treats any error as a failure, even with tokens', () => {
    expect(read('?error=access_denied')).toEqual({ kind: 'error' });
    expect(read('?error=x&access_token=a&refresh_token=r')).toEqual({ kind: 'error' });
  });

  it('needs both tokens', () => {
    expect(read('')).toEqual({ kind: 'incomplete' });
    expect(read('?access_token=a')).toEqual({ kind: 'incomplete' });
    expect(read('?refresh_token=r')).toEqual({ kind: 'incomplete' });
    expect(read('?access_token=a&refresh_token=r')).toEqual({
      kind: 'tokens',
      accessToken: 'a',
      refreshToken: 'r',
    });
  });
});

describe('Google callback outcomes', () => {
  it('shows the spec messages and redirects after 2 s on errors, 1.5 s on success', () => {
    expect(initialOutcome({ kind: 'error' })).toEqual({
      status: 'error',
      message: 'Google authentication failed. Redirecting...',
      redirect: { to: '/auth/login?error=google_auth_failed', afterMs: 2000 },
    });
    expect(initialOutcome({ kind: 'incomplete' })).toEqual({
      status: 'error',
      message: 'Authentication incomplete. Redirecting...',
      redirect: { to: '/auth/login?error=missing_tokens', afterMs: 2000 },
    });
    expect(initialOutcome({ kind: 'tokens', accessToken: 'a', refreshToken: 'r' }).redirect).toBe(
      null,
    );
    expect(CALLBACK_OUTCOMES.success).toEqual({
      status: 'success',
      message: 'Success! Redirecting to your feed...',
      redirect: { to: '/feed', afterMs: 1500 },
    });
    expect(CALLBACK_OUTCOMES.processingFailed.redirect).toEqual({
      to: '/auth/login?error=auth_processing_failed',
      afterMs: 2000,
    });
  });
});
