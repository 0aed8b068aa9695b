import { describe, expect, it } from 'vitest';
import { passwordChangeProblem, passwordHints } from './password-rules';

describe('change password rules', () => {
  it('needs the current and the new password', () => {
    expect(
      passwordChangeProblem({ current: '', next: 'long-enough', confirm: 'long-enough' }),
    ).toEqual(['Required fields', 'Please fill in all password fields']);
    expect(passwordChangeProblem({ current: 'old', next: '', confirm: '' })?.[0]).toBe(
      'Required fields',
    );
  });

  it('needs a matching confirmation before the length rule', () => {
    expect(passwordChangeProblem({ current: 'old', next: 'short', confirm: 'other' })).toEqual([
      "Passwords don't match",
      'New password and confirmation must match',
    ]);
  });

  it('needs at least 8 characters', () => {
    expect(passwordChangeProblem({ current: 'old', next: 'short', confirm: 'short' })).toEqual([
      'Password too short',
      'Password must be at least 8 characters',
    ]);
    expect(
      passwordChangeProblem({ current: 'old', next: '12345678', confirm: '12345678' }),
    ).toBeNull();
  });

  it('hints inline only once something was typed', () => {
    expect(passwordHints({ next: '', confirm: '' })).toEqual({ tooShort: false, mismatch: false });
    expect(passwordHints({ next: 'abc', confirm: 'ab' })).toEqual({
      tooShort: true,
      mismatch: true,
    });
    expect(passwordHints({ next: 'abcdefgh', confirm: 'abcdefgh' })).toEqual({
      tooShort: false,
      mismatch: false,
    });
  });
});
