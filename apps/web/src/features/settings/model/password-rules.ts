import { SETTINGS_TOASTS } from '../messages';

/** The password minimum for sign-up and change. */
export const PASSWORD_MIN = 8;

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/**
 * The first rule a password change breaks, as its toast [title, description], or null
 * (both required, confirmation matches, at least 8 characters — in that order).
 */
export function passwordChangeProblem({
  current,
  next,
  confirm,
}: PasswordChange): readonly [string, string] | null {
  if (!current || !next) return SETTINGS_TOASTS.required;
  if (next !== confirm) return SETTINGS_TOASTS.mismatch;
  if (next.length < PASSWORD_MIN) return SETTINGS_TOASTS.tooShort;
  return null;
}

/** Inline hints while typing: a short new password, and a confirmation that differs. */
export function passwordHints({ next, confirm }: Pick<PasswordChange, 'next' | 'confirm'>) {
  return {
    tooShort: next.length > 0 && next.length < PASSWORD_MIN,
    mismatch: confirm.length > 0 && next !== confirm,
  };
}
