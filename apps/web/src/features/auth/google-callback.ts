import { MODERATION_MESSAGES, TIMINGS } from '@storyloom/shared';
import { loginCodeFrom } from '../../lib/login-code';
import { suspensionDay } from './login-notice';
import { AUTH_SCREEN_TEXT } from './messages';

/** What the Google callback page found in its address. */
export type CallbackParams =
  | { kind: 'error' }
  | { kind: 'suspended'; until: string | null }
  | { kind: 'incomplete' }
  | { kind: 'code'; code: string };

/**
 * The API's callback sends `?error=<reason>` on failure, else the one-time code in the fragment
 * (`#code=…`). An error wins over a code; neither is an incomplete sign-in.
 */
export function readCallbackParams(search: URLSearchParams, hash: string): CallbackParams {
  const error = search.get('error');
  if (error === 'suspended')
    return { kind: 'suspended', until: suspensionDay(search.get('until')) };
  if (error) return { kind: 'error' };
  const code = loginCodeFrom(hash);
  return code ? { kind: 'code', code } : { kind: 'incomplete' };
}

export type CallbackStatus = 'processing' | 'success' | 'error';

/** A screen state: its message, and where to go after how long (none while processing). */
export type CallbackOutcome = {
  status: CallbackStatus;
  message: string;
  redirect: { to: string; afterMs: number } | null;
};

const toLogin = (error: string) => ({
  to: `/auth/login?error=${error}`,
  afterMs: TIMINGS.callbackErrorRedirectMs,
});

export const CALLBACK_OUTCOMES = {
  processing: {
    status: 'processing',
    message: AUTH_SCREEN_TEXT.callbackProcessing,
    redirect: null,
  },
  failed: {
    status: 'error',
    message: AUTH_SCREEN_TEXT.callbackFailed,
    redirect: toLogin('google_auth_failed'),
  },
  incomplete: {
    status: 'error',
    message: AUTH_SCREEN_TEXT.callbackIncomplete,
    redirect: toLogin('missing_tokens'),
  },
  processingFailed: {
    status: 'error',
    message: AUTH_SCREEN_TEXT.callbackProcessingFailed,
    redirect: toLogin('auth_processing_failed'),
  },
  success: {
    status: 'success',
    message: AUTH_SCREEN_TEXT.callbackSuccess,
    redirect: { to: '/feed', afterMs: TIMINGS.callbackSuccessRedirectMs },
  },
} as const satisfies Record<string, CallbackOutcome>;

/** A suspended account's refusal, said here and again on the login page it goes on to. */
export function suspendedOutcome(until: string | null): CallbackOutcome {
  return {
    status: 'error',
    message: MODERATION_MESSAGES.suspended(until),
    redirect: toLogin(until ? `suspended&until=${until}` : 'suspended'),
  };
}

/** The screen for the parameters: final for an error, `processing` while the code is traded. */
export function initialOutcome(params: CallbackParams): CallbackOutcome {
  if (params.kind === 'suspended') return suspendedOutcome(params.until);
  if (params.kind === 'error') return CALLBACK_OUTCOMES.failed;
  if (params.kind === 'incomplete') return CALLBACK_OUTCOMES.incomplete;
  return CALLBACK_OUTCOMES.processing;
}

/**
 * The first screen, before the fragment is read: the server renders this page without it (a
 * browser never sends a fragment), so the first render in the browser must match that one.
 */
export function firstOutcome(search: URLSearchParams): CallbackOutcome {
  const params = readCallbackParams(search, '');
  return params.kind === 'incomplete' ? CALLBACK_OUTCOMES.processing : initialOutcome(params);
}
