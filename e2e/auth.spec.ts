import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newUser,
  setGoogleIdentity,
  signedInSession,
  signUpViaApi,
  type TestUser,
} from './support/accounts.js';
import { gotoLive, PHONE, useBrowser } from './support/browser.js';
import { linkFromOutbox, outboxFor } from './support/outbox.js';

const { openPage } = useBrowser();

const onPath = (page: Page, pathname: string) =>
  page.waitForURL((url) => url.pathname === pathname);

/** The message under a field, found through the input's aria-describedby (null if valid). */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  for (const id of ids.split(' ')) {
    const node = page.locator(`[id="${id}"]`);
    if ((await node.getAttribute('data-testid')) === 'field-error') return node.textContent();
  }
  throw new Error(`${label} is invalid but describes no error`);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signInInBrowser(page: Page, user: TestUser) {
  await fillLogin(page, user.email, user.password);
  await onPath(page, '/feed');
}

/** Opens the avatar menu and reads the signed-in username from it. */
async function menuUsername(page: Page): Promise<string> {
  await page.getByTestId('user-menu').click();
  const content = page.getByTestId('user-menu-content');
  await content.waitFor();
  const text = (await content.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

describe('sign-up, verification and sign-in', () => {
  it('signs up, verifies from the emailed link, signs out and signs back in', async () => {
    const user = newUser('writer');
    const page = await openPage('/auth/signup');
    await page.getByLabel('Username', { exact: true }).fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    expect(await page.getByTestId('password-strength-label').textContent()).toBe('Strong');
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Sign-up signs in at once and goes to the feed, which welcomes (not "welcomes back").
    await onPath(page, '/feed');
    expect(await menuUsername(page)).toContain(user.username);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Welcome, ${user.username}`,
    );

    const link = await linkFromOutbox(user.email, '/auth/verify-email');
    await gotoLive(page, link);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue to Login' }).getAttribute('href')).toBe(
      '/auth/login',
    );

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await onPath(page, '/');
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await gotoLive(page, '/auth/login');
    await signInInBrowser(page, user);
    expect(await menuUsername(page)).toContain(user.email);

    // The link is single-use.
    await gotoLive(page, link);
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    expect(await page.getByTestId('verification-error').textContent()).toBe(
      'Verification failed. The link may be invalid or expired.',
    );
  });

  it('shows the server field error under the field when the username is taken', async () => {
    const taken = await signUpViaApi();
    const page = await openPage('/auth/signup');
    await page.getByLabel('Username', { exact: true }).fill(taken.username.toUpperCase());
    await page.getByLabel('Email', { exact: true }).fill(newUser().email);
    await page.getByLabel('Password', { exact: true }).fill('Another-Pass-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Username is already taken').waitFor();
    expect(await fieldError(page, 'Username')).toBe('Username is already taken');
    expect(new URL(page.url()).pathname).toBe('/auth/signup');
  });

  it('signs in with the keyboard alone: email, Tab, password, Enter; the links come after', async () => {
    const user = await signUpViaApi();
    const page = await openPage('/auth/login');
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('name') ?? el?.textContent?.trim() ?? null;
      });
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Sign In');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Forgot password?');
    // Alt+F8 shows the password, since its toggle is out of the Tab order.
    const password = page.getByLabel('Password', { exact: true });
    await password.focus();
    await page.keyboard.press('Alt+F8');
    expect(await password.getAttribute('type')).toBe('text');
    await page.keyboard.press('Alt+F8');
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await onPath(page, '/feed');
  });

  it('a wrong password shows the one generic message, cleared by typing', async () => {
    const user = await signUpViaApi();
    const page = await openPage('/auth/login');
    await fillLogin(page, user.email, 'not-the-password');
    const alert = page.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect email or password');
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isEnabled()).toBe(true);

    // An unknown email gets exactly the same answer.
    await fillLogin(page, 'nobody.here@example.com', 'not-the-password');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect email or password');

    await page.getByLabel('Password', { exact: true }).pressSequentially('x');
    expect(await alert.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});

describe('client validation', () => {
  it('login: spec messages appear under the fields and clear on typing', async () => {
    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    // Focus moves to the first invalid field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    await page.getByLabel('Email', { exact: true }).fill('reader@nowhere');
    expect(await fieldError(page, 'Email')).toBeNull();
    expect(await fieldError(page, 'Password')).toBe('Password is required');

    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');

    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('sign-up: spec messages, the strength meter and the mismatch check', async () => {
    const page = await openPage('/auth/signup', { viewport: PHONE });
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await fieldError(page, 'Username')).toBe('Username is required');
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Password')).toBe('Password is required');
    expect(await fieldError(page, 'Confirm password')).toBe('Please confirm your password');

    await page.getByLabel('Username', { exact: true }).fill('ab');
    expect(await fieldError(page, 'Username')).toBeNull();
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('shorter');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await fieldError(page, 'Username')).toBe('Username must be at least 3 characters');
    expect(await fieldError(page, 'Email')).toBe('Please enter a valid email');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 8 characters');
    expect(await fieldError(page, 'Confirm password')).toBe('Passwords do not match');

    await page.getByLabel('Username', { exact: true }).fill('two words');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await fieldError(page, 'Username')).toBe(
      'Username can only contain letters, numbers, hyphens, and underscores',
    );

    const label = page.getByTestId('password-strength-label');
    const password = page.getByLabel('Password', { exact: true });
    for (const [value, expected] of [
      ['abcdefgh', 'Weak'],
      ['abcdEFGH', 'Fair'],
      ['abcdEFG1', 'Good'],
      ['abcdEF1!', 'Strong'],
    ] as const) {
      await password.fill(value);
      expect(await label.textContent()).toBe(expected);
    }
  });
});

describe('Google sign-in against the mock provider', () => {
  it('Continue with Google ends on the feed, signed in as that user', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const email = `gina${tag}@example.com`;
    await setGoogleIdentity({ sub: `google-${tag}`, email, name: 'Gina' });

    const page = await openPage('/auth/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await onPath(page, '/auth/google-success');
    // The one-time code leaves the address bar as soon as it is read; no token is ever in it.
    await page.waitForFunction(() => window.location.hash === '');
    expect(page.url()).not.toMatch(/token|code=/);
    await page.getByText('Success! Redirecting to your feed...').waitFor();
    await onPath(page, '/feed');
    const menu = await menuUsername(page);
    expect(menu).toContain(`gina${tag}`);
    expect(menu).toContain(email);

    // That account has no password: the login form points at the Google button.
    const other = await openPage('/auth/login');
    await fillLogin(other, email, 'whatever-password');
    await other.getByText('This account uses Google Sign-in.').waitFor();
    expect(await fieldError(other, 'Email')).toBe(
      'This account uses Google Sign-in. Please use the Google button below.',
    );
    expect(await other.getByTestId('form-error').count()).toBe(0);
  });

  it('a denied consent ends on the login page with the spec message', async () => {
    await setGoogleIdentity({ sub: 'google-denied', email: 'denied@example.com', deny: true });
    try {
      const page = await openPage('/auth/signup');
      await page.getByRole('button', { name: 'Sign up with Google' }).click();
      await page.getByText('Google authentication failed. Redirecting...').waitFor();
      await page.waitForURL(
        (url) =>
          url.pathname === '/auth/login' && url.searchParams.get('error') === 'google_auth_failed',
      );
      expect(await page.getByTestId('form-error').textContent()).toBe(
        'Failed to sign in with Google. Please try again.',
      );
      expect(await page.getByTestId('user-menu').count()).toBe(0);
    } finally {
      await setGoogleIdentity({ sub: 'google-sub-1', email: 'reader@example.com' });
    }
  });

  it('explains instead of leaving when the server has no Google configured', async () => {
    const page = await openPage('/about');
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { success: true, data: { google: false } } }),
    );
    await gotoLive(page, '/auth/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByTestId('google-not-configured').waitFor();
    expect(await page.getByTestId('google-not-configured').textContent()).toBe(
      'Google sign-in is not set up on this server.',
    );
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('the callback without a code, or with a bad one, goes back to login', async () => {
    const page = await openPage('/auth/google-success');
    await page.getByText('Authentication incomplete. Redirecting...').waitFor();
    await page.waitForURL((url) => url.searchParams.get('error') === 'missing_tokens');
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Authentication failed. Please try again.',
    );

    await gotoLive(page, '/auth/google-success#code=forged');
    await page.getByText('We could not finish signing you in. Redirecting...').waitFor();
    await page.waitForURL((url) => url.searchParams.get('error') === 'auth_processing_failed');
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Authentication failed. Please try again.',
    );
    expect(await page.getByTestId('user-menu').count()).toBe(0);
  });
});

describe('login page ?error= messages', () => {
  it.each([
    ['google_auth_failed', 'Failed to sign in with Google. Please try again.'],
    ['missing_tokens', 'Authentication failed. Please try again.'],
    ['auth_processing_failed', 'Authentication failed. Please try again.'],
    ['google_not_configured', 'Google sign-in is not set up on this server.'],
  ])('%s shows %j, cleared by typing', async (code, message) => {
    const page = await openPage(`/auth/login?error=${code}`);
    const alert = page.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(message);
    await page.getByLabel('Email', { exact: true }).pressSequentially('a');
    expect(await alert.count()).toBe(0);
  });
});

describe('forgotten password', () => {
  it('mails a reset link; the new password works and the link only once', async () => {
    const user = await signUpViaApi();
    const page = await openPage('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await onPath(page, '/auth/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText("If an account exists for that email, we've sent a link to reset the password.")
      .waitFor();

    const link = await linkFromOutbox(user.email, '/auth/reset-password');
    await gotoLive(page, link);
    const newPassword = 'Second-Chapter-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('Second-Chapter-8');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect(await fieldError(page, 'Confirm new password')).toBe('Passwords do not match');
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset. You can sign in now.').waitFor();

    await page.getByRole('link', { name: 'Sign In' }).last().click();
    await onPath(page, '/auth/login');
    await fillLogin(page, user.email, user.password);
    await page.getByTestId('form-error').waitFor();
    await signInInBrowser(page, { ...user, password: newPassword });

    const again = await openPage(new URL(link).pathname + new URL(link).search);
    await again.getByLabel('New password', { exact: true }).fill('Third-Chapter-9');
    await again.getByLabel('Confirm new password', { exact: true }).fill('Third-Chapter-9');
    await again.getByRole('button', { name: 'Reset Password' }).click();
    await again
      .getByText('This reset link is invalid or has expired. Please request a new one.')
      .waitFor();
    expect(await again.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
  });

  it('answers an unknown email the same way and mails nothing', async () => {
    const email = newUser().email;
    const page = await openPage('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText("If an account exists for that email, we've sent a link to reset the password.")
      .waitFor();
    // Mail leaves through the job queue after the answer: once a mail queued after this request
    // has gone out, this one would have too.
    const later = await signUpViaApi(newUser());
    await linkFromOutbox(later.email, '/auth/verify-email');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxFor(email)).toEqual([]);
  });
});

describe('signed-in users and the verification page', () => {
  it('a signed-in user visiting /auth/login or /auth/signup is sent to /feed', async () => {
    const { storageState, user } = await signedInSession();
    const page = await openPage('/auth/login', { storageState });
    await onPath(page, '/feed');
    expect(await menuUsername(page)).toContain(user.username);
    await gotoLive(page, '/auth/signup');
    await onPath(page, '/feed');
  });

  it('without a token: Invalid verification link; an unverified user may resend', async () => {
    const { storageState, user } = await signedInSession();
    const page = await openPage('/auth/verify-email', { storageState });
    await page.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    expect(await page.getByTestId('verification-error').textContent()).toBe(
      'Invalid verification link',
    );
    expect(await page.getByRole('link', { name: 'Create New Account' }).getAttribute('href')).toBe(
      '/auth/signup',
    );
    expect(await page.getByRole('link', { name: 'Contact support' }).isVisible()).toBe(true);

    const first = await linkFromOutbox(user.email, '/auth/verify-email');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('We sent you a new verification link.').waitFor();
    const second = await linkFromOutbox(user.email, '/auth/verify-email', { skip: [first] });
    await gotoLive(page, second);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();
  });
});
