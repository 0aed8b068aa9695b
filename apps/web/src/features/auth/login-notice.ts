import { AUTH_MESSAGES, MODERATION_MESSAGES } from '@storyloom/shared';

/** Login page `?error=` codes (set by the Google callback page and the API) and their messages. */
const NOTICES: Record<string, string> = {
  google_auth_failed: AUTH_MESSAGES.googleFailed,
  missing_tokens: AUTH_MESSAGES.missingTokens,
  auth_processing_failed: AUTH_MESSAGES.missingTokens,
  google_not_configured: AUTH_MESSAGES.googleNotConfigured,
};

/** The day a suspension ends, as the API's Google callback writes it (`?until=`), else null. */
export function suspensionDay(value: string | null): string | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/**
 * The message for a login page `?error=` code; unknown codes show nothing. `suspended` names
 * the day in `until`, or none when the account is suspended for good.
 */
export function loginNotice(code: string | null, until: string | null = null): string | null {
  if (code === 'suspended') return MODERATION_MESSAGES.suspended(suspensionDay(until));
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code]! : null;
}

/** A login failure that means "use the Google button". */
export function isGoogleOnlyFailure(message: string | null | undefined): boolean {
  return Boolean(message?.toLowerCase().includes('sign in with google'));
}
