import { LIMITS } from '@storyloom/shared';

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type PasswordStrength = { score: number; label: StrengthLabel };

/**
 * The sign-up meter (spec §5): 25 points each for length of at least 8, both lower and upper
 * case, a digit, and a symbol. Weak up to 25, Fair up to 50, Good up to 75, else Strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= LIMITS.passwordMin) score += 25;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 25;
  if (/[^A-Za-z0-9]/.test(password)) score += 25;
  const label: StrengthLabel =
    score <= 25 ? 'Weak' : score <= 50 ? 'Fair' : score <= 75 ? 'Good' : 'Strong';
  return { score, label };
}
