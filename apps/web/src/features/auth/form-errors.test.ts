import { loginForm, signupForm } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { firstErrorField, issuesByField, serverFieldErrors } from './form-errors';

const signupFields = ['username', 'email', 'password', 'confirmPassword'] as const;

function signupErrors(values: Record<(typeof signupFields)[number], string>) {
  const result = signupForm.safeParse(values);
  return result.success ? {} : issuesByField(result.error.issues, signupFields);
}

describe('client validation messages', () => {
  it('sign-up: the first message of each field, word for word', () => {
    expect(signupErrors({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(
      signupErrors({ username: 'ab', email: 'nope', password: 'short', confirmPassword: 'x' }),
    ).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      signupErrors({
        username: 'a b!',
        email: 'a@b.co',
        password: 'longenough',
        confirmPassword: 'longenough',
      }),
    ).toEqual({ username: 'Username can only contain letters, numbers, hyphens, and underscores' });
  });

  it('login: required, email pattern and the 6-character minimum', () => {
    const errors = (email: string, password: string) => {
      const result = loginForm.safeParse({ email, password });
      return result.success ? {} : issuesByField(result.error.issues, ['email', 'password']);
    };
    expect(errors('', '')).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errors('a@b', '12345')).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(errors(' a@b.co ', '123456')).toEqual({});
  });
});

describe('server field errors', () => {
  it('takes the first message of each known field and renames where asked', () => {
    expect(
      serverFieldErrors(
        { username: ['Username is already taken', 'other'], message: 'x', extra: 'y' },
        ['username', 'email'],
      ),
    ).toEqual({ username: 'Username is already taken' });
    expect(
      serverFieldErrors({ new_password: 'Too short' }, ['password'], { new_password: 'password' }),
    ).toEqual({ password: 'Too short' });
    expect(serverFieldErrors(undefined, ['email'])).toEqual({});
  });

  it('finds the first field in form order', () => {
    expect(firstErrorField({ confirmPassword: 'x', email: 'y' }, signupFields)).toBe('email');
    expect(firstErrorField({}, signupFields)).toBeUndefined();
  });
});
