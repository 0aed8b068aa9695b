import { describe, expect, it } from 'vitest';
import {
  CALLBACK_OUTCOMES,
  firstOutcome,
  initialOutcome,
  readCallbackParams,
} from './google-callback';

const read = (search: string, hash = '') => readCallbackParams(new URLSearchParams(search), hash);

describe('Google callback address', () => {
  it('treats any error as a failure, even with a code', () => {
    expect(read('?error=access_denied')).toEqual({ kind: 'error' });
    expect(read('?error=x', '#code=c')).toEqual({ kind: 'error' });
  });

  it('reads a suspension and its day apart from other errors', () => {
    expect(read('?error=suspended&until=2099-03-04')).toEqual({
      kind: 'suspended',
      until: '2099-03-04',
    });
    expect(read('?error=suspended&until=soon')).toEqual({ kind: 'suspended', until: null });
  });

  it('reads the one-time code from the fragment only', () => {
    expect(read('', '#code=one-time')).toEqual({ kind: 'code', code: 'one-time' });
    expect(read('?code=in-the-query')).toEqual({ kind: 'incomplete' });
  });

  it('is incomplete without a code; tokens in the query are not accepted any more', () => {
    expect(read('')).toEqual({ kind: 'incomplete' });
    expect(read('', '#code=')).toEqual({ kind: 'incomplete' });
    expect(read('?access_token=a&refresh_token=r')).toEqual({ kind: 'incomplete' });
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
    expect(initialOutcome({ kind: 'code', code: 'c' }).redirect).toBe(null);
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

  it('says why a suspended account was refused, then shows it on the login page', () => {
    const outcome = {
      status: 'error',
      message: 'This account is suspended until 2099-03-04.',
      redirect: { to: '/auth/login?error=suspended&until=2099-03-04', afterMs: 2000 },
    };
    expect(initialOutcome({ kind: 'suspended', until: '2099-03-04' })).toEqual(outcome);
    expect(firstOutcome(new URLSearchParams('?error=suspended&until=2099-03-04'))).toEqual(outcome);
    expect(initialOutcome({ kind: 'suspended', until: null }).redirect?.to).toBe(
      '/auth/login?error=suspended',
    );
  });

  it('starts as the server rendered it: processing unless the query says error', () => {
    expect(firstOutcome(new URLSearchParams(''))).toBe(CALLBACK_OUTCOMES.processing);
    expect(firstOutcome(new URLSearchParams('?error=x'))).toBe(CALLBACK_OUTCOMES.failed);
  });
});
