/**
 * Strings of the auth screens that only ever appear in the browser. The ones the API also uses
 * live in AUTH_MESSAGES in @storyloom/shared.
 */
export const AUTH_SCREEN_TEXT = {
  callbackFailed: 'Google authentication failed. Redirecting...',
  callbackIncomplete: 'Authentication incomplete. Redirecting...',
  callbackSuccess: 'Success! Redirecting to your feed...',
  callbackProcessing: 'Completing your Google sign-in...',
  callbackProcessingFailed: 'We could not finish signing you in. Redirecting...',
  verificationFailedTitle: 'Verification Failed',
  verificationNetworkError: 'Something went wrong. Please try again.',
} as const;
