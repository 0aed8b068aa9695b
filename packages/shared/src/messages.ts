import { LIMITS } from './constants.js';

/**
 * User-facing strings that the API and the web app share, word for word as the product
 * specifies them, so a test can assert them and both sides say the same thing.
 */
export const MESSAGES = {
  apiError: 'API Error',
  networkError: 'Network error. Please check your connection.',
  unknownError: 'Unknown error occurred',
  httpError: (status: number) => `HTTP ${status} Error`,
  internal: 'Something went wrong on our side. Please try again.',
  notFound: 'Not found',
  routeNotFound: 'No such API route',
  invalidInput: 'Some fields are invalid',
  invalidJson: 'The request body is not valid JSON',
  invalidMultipart: 'The form data could not be read',
  invalidUrl: 'This address is not valid',
  nulCharacter: 'Text cannot contain a NUL character',
  unsupportedMediaType: 'Unsupported content type',
  payloadTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You are not allowed to do that',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  mediaUnavailable: 'Images cannot be saved right now. Please try again shortly.',
  storyNotFound: 'Story not found',
  storyPrivate: 'This story is private and cannot be accessed',
  userNotFound: 'User not found',
  pageNotFound: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;

/** Accounts and sessions: sign-up, sign-in, verification, reset and their errors. */

export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameMin: 'Username must be at least 3 characters',
  usernamePattern: 'Username can only contain letters, numbers, hyphens, and underscores',
  usernameMax: `Username must be at most ${LIMITS.usernameMax} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  loginPasswordMin: 'Password must be at least 6 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters`,
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  usernameTaken: 'Username is already taken',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Incorrect email or password',
  googleOnly: 'This account was created with Google: please sign in with Google.',
  googleOnlyHint: 'This account uses Google Sign-in. Please use the Google button below.',
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  fetchUserFailed: 'Failed to fetch user',
  verificationTokenRequired: 'Invalid verification link',
  verificationFailed: 'Verification failed. The link may be invalid or expired.',
  verificationSent: 'We sent you a new verification link.',
  emailVerified: 'Email Verified!',
  resetRequested: "If an account exists for that email, we've sent a link to reset the password.",
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Your password has been reset. You can sign in now.',
  oldPasswordWrong: 'Current password is incorrect',
  noPasswordToChange:
    'This account signs in with Google and has no password yet. Use "Forgot password" to set one.',
  passwordChanged: 'Password changed',
  googleNotConfigured: 'Google sign-in is not set up on this server.',
  googleFailed: 'Failed to sign in with Google. Please try again.',
  missingTokens: 'Authentication failed. Please try again.',
  refreshInvalid: 'Your session has expired. Please sign in again.',
  signedOutEverywhere: 'Signed out of all devices',
  signedOut: 'Signed out',
  sessionEnded: 'Signed out of that device',
  sessionNotFound: 'Session not found',
  loginCodeInvalid: 'This sign-in has expired. Please sign in again.',
  deletePasswordRequired: 'Enter your password to delete your account',
  deletePasswordWrong: 'Password is incorrect',
  deleteNeedsGoogle:
    'For your security, sign in with Google again, then delete your account within 10 minutes.',
} as const;

export const PROFILE_MESSAGES = {
  bioMax: `Bio must be at most ${LIMITS.bioMax} characters`,
  profilePicOnlyRemove: 'Upload a new picture with the photo button; here it can only be removed.',
} as const;
