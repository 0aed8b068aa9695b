import { AUTH_MESSAGES } from '@storyloom/shared';

/** Login page `?error=` codes (set by the Google callback page and the API) and their messages. */
const NOTICES: Record<string, string> = {
  google_auth_failed: AUTH_MESSAGES.googleFailed,
  missing_tokens: AUTH_MESSAGES.missingTokens,
  auth_processing_failed: AUTH_MESSAGES.missingTokens,
  google_not_configured: AUTH_MESSAGES.googleNotConfigured,
};

/** The message for a login page `?error=` code; unknown codes show nothing. */
export function loginNotice(code: string | null): string | null {
  return code && Object.hasOwn(NOTICES, code) ? NOTICES[code]! : null;
}

/** A login failure that means "use the Google button". */
export function isGoogleOnlyFailure(message: string | null | undefined): boolean {
  return Boolean(message?.toLowerCase().includes('sign in with google'));
}
