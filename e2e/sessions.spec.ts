import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, setGoogleIdentity, signUpViaApi, type TestUser } from './support/accounts.js';
import { gotoLive, reloadLive, useBrowser } from './support/browser.js';
import { outboxFor } from './support/outbox.js';
import { apiAs, expectToast } from './support/stories.js';

const { openPage } = useBrowser();

/** Two browsers the server tells apart by their User-Agent. */
const LAPTOP = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  device: 'Firefox on Linux',
};
const PHONE_UA = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  device: 'Safari on iOS',
};

const onPath = (page: Page, pathname: string) =>
  page.waitForURL((url) => url.pathname === pathname);

/** Opens the login page in a browser of its own and signs in through the form. */
async function signInThroughForm(user: TestUser, userAgent?: string): Promise<Page> {
  const page = await openPage('/auth/login', userAgent ? { userAgent } : {});
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await onPath(page, '/feed');
  return page;
}

/** The access token the page keeps (auth-storage), or null when signed out there. */
const storedToken = (page: Page) =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}');
    return (stored.state?.accessToken as string | null | undefined) ?? null;
  });

/** Waits until the server no longer takes `token` (a best-effort sign-out may still be on its way). */
async function expectEnded(token: string) {
  const deadline = Date.now() + 5_000;
  while ((await apiAs(token, '/users/me')).status !== 401) {
    if (Date.now() > deadline) throw new Error('the session is still live');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openSecurityTab(page: Page) {
  await gotoLive(page, '/settings?tab=security');
  await page.getByTestId('sessions').waitFor();
}

const sessionRows = (page: Page) => page.getByTestId('session');

describe('sessions: where you are signed in', () => {
  it('lists both browsers, ends the other one, and that browser is signed out on its next request', async () => {
    const user = await signUpViaApi(newUser('twodevices'));
    const laptop = await signInThroughForm(user, LAPTOP.userAgent);
    const phone = await signInThroughForm(user, PHONE_UA.userAgent);
    const phoneToken = (await storedToken(phone))!;

    // A second device is news: a login alert was mailed for it (not for the first sign-in).
    const alerts = (await outboxFor(user.email)).filter((mail) =>
      mail.subject.startsWith('New sign-in'),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(PHONE_UA.device);

    await openSecurityTab(laptop);
    const rows = sessionRows(laptop);
    expect(await rows.count()).toBe(2);
    // This device comes first and is the only one marked.
    const current = laptop.locator('[data-testid="session"][data-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.getByTestId('session-device').textContent()).toBe(LAPTOP.device);
    expect(await current.getByTestId('this-device').textContent()).toBe('This device');
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    const other = rows.filter({ hasText: PHONE_UA.device });
    expect(await other.getByTestId('this-device').count()).toBe(0);
    expect(await other.textContent()).toContain('Signed in with password');
    expect(await other.textContent()).toContain('Network localhost');

    await laptop.getByRole('button', { name: `Sign out ${PHONE_UA.device}`, exact: true }).click();
    await expectToast(laptop, 'Signed out of that device');
    await other.waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    expect((await apiAs(phoneToken, '/users/me')).status).toBe(401);

    // The phone still believes it is signed in, until its next request.
    expect(await storedToken(phone)).toBe(phoneToken);
    await gotoLive(phone, '/feed');
    await onPath(phone, '/auth/login');
    expect(await storedToken(phone)).toBeNull();
    expect(await phone.getByTestId('user-menu').count()).toBe(0);

    // The laptop carries on.
    await reloadLive(laptop);
    await laptop.getByTestId('sessions').waitFor();
    expect(new URL(laptop.url()).pathname).toBe('/settings');
  });

  it('signing out this device from the list asks first, then signs out here', async () => {
    const user = await signUpViaApi(newUser('thisdevice'));
    const page = await signInThroughForm(user, LAPTOP.userAgent);
    const token = (await storedToken(page))!;
    await openSecurityTab(page);

    const button = page.getByRole('button', { name: `Sign out ${LAPTOP.device} (this device)` });
    await button.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sign out of this device?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiAs(token, '/users/me')).status).toBe(200);

    await button.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await onPath(page, '/auth/login');
    await expectToast(page, 'Signed out');
    expect(await storedToken(page)).toBeNull();
    expect((await apiAs(token, '/users/me')).status).toBe(401);
  });

  it('Sign Out of All Devices signs out both browsers', async () => {
    const user = await signUpViaApi(newUser('alldevices'));
    const laptop = await signInThroughForm(user, LAPTOP.userAgent);
    const phone = await signInThroughForm(user, PHONE_UA.userAgent);
    const tokens = [(await storedToken(laptop))!, (await storedToken(phone))!];

    await openSecurityTab(laptop);
    await laptop.getByRole('button', { name: 'Sign Out of All Devices' }).click();
    await laptop
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Sign Out of All Devices' })
      .click();
    await onPath(laptop, '/auth/login');
    await expectToast(laptop, 'Signed out of all devices');
    expect(await storedToken(laptop)).toBeNull();
    for (const token of tokens) expect((await apiAs(token, '/users/me')).status).toBe(401);

    await reloadLive(phone);
    await onPath(phone, '/auth/login');
    expect(await storedToken(phone)).toBeNull();
  });

  it("the avatar menu's Sign Out ends the session on the server too", async () => {
    const user = await signUpViaApi(newUser('menuout'));
    const page = await signInThroughForm(user);
    const token = (await storedToken(page))!;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await onPath(page, '/');
    expect(await storedToken(page)).toBeNull();
    await expectEnded(token);
    // The late 401 of a session that has ended does not move the page anywhere.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('sessions: Google sign-in and deleting a Google-only account', () => {
  it('never shows a token in the address bar; a fresh Google sign-in can delete the account', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const email = `glen${tag}@example.com`;
    await setGoogleIdentity({ sub: `google-delete-${tag}`, email, name: 'Glen' });

    const page = await openPage('/auth/login');
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await onPath(page, '/auth/google-success');
    // The one-time code leaves the address bar as soon as the page has read it.
    await page.waitForFunction(() => window.location.hash === '');
    await page.getByText('Success! Redirecting to your feed...').waitFor();
    await onPath(page, '/feed');
    const ours = addresses.filter((address) => address.startsWith(new URL(page.url()).origin));
    expect(ours.some((address) => address.includes('/auth/google-success#code='))).toBe(true);
    for (const address of ours) expect(address).not.toMatch(/token/i);
    expect(page.url()).not.toContain('code=');
    const username = `glen${tag}`;

    // Signing in again while signed in: the new session replaces this browser's old one.
    const firstToken = (await storedToken(page))!;
    await gotoLive(page, '/settings');
    await page.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    expect(await dialog.getByLabel('Current password').count()).toBe(0);
    expect(await dialog.getByTestId('delete-reauth').textContent()).toContain(
      'delete it within 10 minutes of signing in with Google',
    );
    await dialog.getByRole('button', { name: 'Sign in with Google again' }).click();
    await onPath(page, '/auth/google-success');
    await onPath(page, '/feed');
    expect(await storedToken(page)).not.toBe(firstToken);
    await expectEnded(firstToken);
    await openSecurityTab(page);
    expect(await sessionRows(page).count()).toBe(1);
    expect(await sessionRows(page).textContent()).toContain('Signed in with Google');

    // A sign-in too old for the server: its answer is shown in the dialog.
    await gotoLive(page, '/settings');
    await page.getByTestId('delete-account').click();
    await dialog.getByLabel(`Type ${username} to confirm`).fill(username);
    await page.route('**/api/users/me', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 400,
            json: {
              success: false,
              message:
                'For your security, sign in with Google again, then delete your account within 10 minutes.',
              error: { code: 'reauth_required' },
            },
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    expect(await dialog.getByTestId('delete-reauth-error').textContent()).toBe(
      'For your security, sign in with Google again, then delete your account within 10 minutes.',
    );
    await page.unroute('**/api/users/me');

    // Right after signing in with Google, deleting works.
    const token = (await storedToken(page))!;
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await onPath(page, '/');
    await expectToast(page, 'Account deleted');
    expect(await storedToken(page)).toBeNull();
    expect((await apiAs(null, `/users/${username}`)).status).toBe(404);
    expect((await apiAs(token, '/users/me')).status).toBe(401);
  });
});
