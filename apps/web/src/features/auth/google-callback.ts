import { TIMINGS } from '@storyloom/shared';
import { AUTH_SCREEN_TEXT } from './messages';

/** What the Google callback page found in its address. */
export type CallbackParams =
  | { kind: 'error' }
  | { kind: 'incomplete' }
  | { kind: 'tokens'; accessToken: string; refreshToken: string };

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  if (search.get('error')) return { kind: 'error' };
  const accessToken = search.get('access_token');
  const refreshToken = search.get('refresh_token');
  if (!accessToken || !refreshToken) return { kind: 'incomplete' };
  return { kind: 'tokens', accessToken, refreshToken };
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

/** The first screen for the parameters: final for an error, `processing` while tokens are used. */
export function initialOutcome(params: CallbackParams): CallbackOutcome {
  if (params.kind === 'error') return CALLBACK_OUTCOMES.failed;
  if (params.kind === 'incomplete') return CALLBACK_OUTCOMES.incomplete;
  return CALLBACK_OUTCOMES.processing;
}
