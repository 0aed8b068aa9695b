import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, USERNAME_PATTERN } from '../constants.js';

/** Spec §5 messages, word for word. */
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
} as const;

const requiredString = (message: string) => z.string({ message }).trim().min(1, message);

export const usernameField = requiredString(AUTH_MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameMin)
  .max(LIMITS.usernameMax, AUTH_MESSAGES.usernameMax)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernamePattern);

export const emailField = requiredString(AUTH_MESSAGES.emailRequired)
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid);

/** A new password (sign-up, change, reset): at least 8 characters. */
export const newPasswordField = z
  .string({ message: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax);

export const signupBody = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});
export type SignupBody = z.infer<typeof signupBody>;

/** The sign-up form adds a confirmation the server never sees. */
export const signupForm = signupBody
  .extend({ confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });

/** Login form: the email travels as `username` on the wire (OAuth2 password grant). */
export const loginForm = z.object({
  email: emailField,
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(LIMITS.loginPasswordMin, AUTH_MESSAGES.loginPasswordMin)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax),
});

export const tokenBody = z.object({
  username: emailField,
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax),
  grant_type: z.string().optional(),
});

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  refresh_token: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const refreshBody = z.object({ refresh_token: z.string().min(1).max(4096) });

export const verifyEmailBody = z.object({
  token: z
    .string({ message: AUTH_MESSAGES.verificationTokenRequired })
    .min(1, AUTH_MESSAGES.verificationTokenRequired)
    .max(512),
});

export const forgotPasswordBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({
  token: z.string().min(1, AUTH_MESSAGES.resetInvalid).max(512),
  new_password: newPasswordField,
});

export const changePasswordBody = z.object({
  old_password: z.string().min(1, 'Please fill in all password fields').max(LIMITS.passwordMax),
  new_password: newPasswordField,
});

export const authProvidersResponse = z.object({ google: z.boolean() });

/** Password strength (spec §5): 25 points per rule. */
export function passwordStrength(password: string): {
  score: number;
  label: 'Weak' | 'Fair' | 'Good' | 'Strong';
} {
  let score = 0;
  if (password.length >= 8) score += 25;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 25;
  if (/[^A-Za-z0-9]/.test(password)) score += 25;
  const label = score <= 25 ? 'Weak' : score <= 50 ? 'Fair' : score <= 75 ? 'Good' : 'Strong';
  return { score, label };
}
