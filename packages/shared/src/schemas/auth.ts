import { z } from 'zod';
import { EMAIL_PATTERN, LIMITS, USERNAME_PATTERN } from '../constants.js';
import { AUTH_MESSAGES } from '../messages.js';

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

/** Password strength for the meter: 25 points for each rule met (length, case, digit, symbol). */
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
