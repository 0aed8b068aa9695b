import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, signedInSession, signUpViaApi, tokenViaApi } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, PHONE, reloadLive, useBrowser } from './support/browser.js';
import { apiAs, createStoryViaApi, expectToast } from './support/stories.js';

const { openPage } = useBrowser();
/** Tests that load many pages (and run axe) get more than the default minute on a busy machine. */
const SLOW = 180_000;

/** Each text page: its address, its heading and the document title's first part. */
const PAGES = [
  { path: '/about', heading: 'About Storyloom', title: 'About Storyloom' },
  { path: '/features', heading: 'Features', title: 'Features' },
  { path: '/pricing', heading: 'Pricing', title: 'Pricing' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service' },
  { path: '/cookies', heading: 'Cookie Policy', title: 'Cookie Policy' },
  { path: '/guidelines', heading: 'Community Guidelines', title: 'Community Guidelines' },
  { path: '/contact', heading: 'Contact us', title: 'Contact' },
  { path: '/authors', heading: 'Authors', title: 'Authors' },
] as const;

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
/** How far the page scrolls sideways (0 when it does not; the kept scrollbar gutter makes the
 * content narrower than clientWidth, so the difference alone can be negative). */
const overflowX = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

interface ListedMessage {
  id: string;
  topic: string;
  name: string | null;
  email: string;
  username: string | null;
  message: string;
}

/** What the staff see: `npm run contact:list -- --json`, against the browser tests' server. */
async function staffListing(): Promise<ListedMessage[]> {
  const script = fileURLToPath(
    new URL('../apps/api/dist/scripts/contact-list.js', import.meta.url),
  );
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: inject('dataDir') };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--json', '--limit', '500'],
    { env },
  );
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ListedMessage);
}

describe('text pages', () => {
  it(
    'each page shows its real title and text, no placeholder, and fits a phone',
    async () => {
      for (const { path, heading: text, title } of PAGES) {
        const page = await openPage(path, { viewport: PHONE });
        expect(await heading(page), path).toBe(text);
        expect(await page.title(), path).toBe(`${title} — Storyloom`);
        // The old stand-in: a 'Not built yet' badge over 'to be implemented'.
        expect(await page.getByTestId('placeholder-page').count(), path).toBe(0);
        expect(await page.locator('main').textContent(), path).not.toContain('to be implemented');
        expect(await overflowX(page), `${path} scrolls sideways`).toBe(0);
        await page.context().close();
      }
    },
    SLOW,
  );

  it('the policies say when they last changed and link their sections', async () => {
    for (const path of ['/privacy', '/terms', '/cookies', '/guidelines']) {
      const page = await openPage(path);
      expect(await page.getByTestId('last-updated').textContent(), path).toMatch(
        /^Last updated \w{3} \d{1,2}, \d{4}$/,
      );
      await page.context().close();
    }
    const page = await openPage('/privacy');
    const contents = page.getByRole('navigation', { name: 'On this page' });
    await contents.getByRole('link', { name: 'Server logs' }).click();
    await page.waitForURL((url) => url.hash === '#logs');
    const logs = page.getByRole('heading', { level: 2, name: 'Server logs' });
    expect(await logs.isVisible()).toBe(true);
    const top = await logs.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(60); // below the sticky top bar
    expect(top).toBeLessThan(400);
  });

  it('the privacy policy names what is really stored: hashed passwords, networks not addresses, visitors’ daily keys', async () => {
    const page = await openPage('/privacy');
    const text = (await page.getByTestId('privacy-page').textContent()) ?? '';
    for (const fact of ['argon2id', '/24', '/48', 'Export My Data', 'Delete Account', '7 days']) {
      expect(text).toContain(fact);
    }
    const cookies = await openPage('/cookies');
    const stored = (await cookies.getByTestId('cookies-page').textContent()) ?? '';
    for (const key of [
      'sl_signed_in',
      'sl_oidc',
      'auth-storage',
      'theme',
      'reading-preferences',
      'user-settings',
      'story-draft',
    ]) {
      expect(stored).toContain(key);
    }
  });

  it('the footer links every page; there is no Blog or Careers, and their addresses are the 404 page', async () => {
    const page = await openPage('/about');
    const footer = page.getByTestId('site-footer');
    for (const { path } of PAGES) {
      expect(await footer.locator(`a[href="${path}"]`).count(), path).toBe(1);
    }
    for (const gone of ['Blog', 'Careers']) {
      expect(await footer.getByRole('link', { name: gone }).count()).toBe(0);
    }
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByTestId('terms-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms');
    for (const path of ['/blog', '/careers']) {
      await gotoLive(page, path);
      await page.getByTestId('not-found-page').waitFor();
    }
  });
});

describe('contact', () => {
  const fill = async (page: Page, values: Record<string, string>) => {
    const form = page.getByTestId('contact-form');
    if (values.name !== undefined) await form.getByLabel('Your name').fill(values.name);
    if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
    if (values.topic !== undefined) {
      await form.getByLabel('What is it about?').selectOption({ label: values.topic });
    }
    if (values.message !== undefined) await form.getByLabel('Message').fill(values.message);
  };
  const send = (page: Page) => page.getByRole('button', { name: 'Send message' }).click();
  const errorOf = async (page: Page, label: string) => {
    const field = page.getByTestId('contact-form').getByLabel(label);
    if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
    const id = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };

  it('says what is wrong, field by field, and sends nothing until it is right', async () => {
    const page = await openPage('/contact');
    await send(page);
    expect(await errorOf(page, 'Email')).toBe('Email is required');
    expect(await errorOf(page, 'What is it about?')).toBe('Choose what your message is about');
    expect(await errorOf(page, 'Message')).toBe('Please write your message');
    // The first wrong field takes the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    const marker = `never-sent-${Date.now()}`;
    await fill(page, {
      email: 'not-an-email',
      topic: 'Something else',
      message: marker.slice(0, 6),
    });
    expect(await errorOf(page, 'Email')).toBeNull(); // editing a field clears its error
    await send(page);
    expect(await errorOf(page, 'Email')).toBe('Please enter a valid email');
    expect(await errorOf(page, 'Message')).toBe('Please write at least 10 characters');
    expect(await errorOf(page, 'What is it about?')).toBeNull();
    expect(await page.getByTestId('contact-sent').count()).toBe(0);
    expect((await staffListing()).some((m) => m.message.startsWith('never'))).toBe(false);
  });

  it('sends a message the staff listing then holds, and says it arrived', async () => {
    const page = await openPage('/contact');
    const message = `The reader forgets my place on chapter 3 (${Date.now()}).`;
    await fill(page, {
      name: 'Ada Reader',
      email: 'ada.reader@example.com',
      topic: 'Something is not working',
      message,
    });
    await send(page);
    const sent = page.getByTestId('contact-sent');
    await sent.waitFor();
    expect(await sent.getByRole('heading', { name: 'Message sent' }).isVisible()).toBe(true);
    expect(await sent.textContent()).toContain('ada.reader@example.com');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Message sent');

    const stored = (await staffListing()).find((m) => m.message === message);
    expect(stored).toMatchObject({
      topic: 'bug',
      name: 'Ada Reader',
      email: 'ada.reader@example.com',
      username: null,
    });

    await sent.getByRole('button', { name: 'Send another message' }).click();
    expect(await page.getByTestId('contact-form').getByLabel('Message').inputValue()).toBe('');
  });

  it('fills in a signed-in sender’s email and links the message to their account', async () => {
    const session = await signedInSession(newUser('writer'));
    const page = await openPage('/contact?topic=report', { storageState: session.storageState });
    const form = page.getByTestId('contact-form');
    expect(await form.getByLabel('Email').inputValue()).toBe(session.user.email);
    expect(await form.getByLabel('What is it about?').inputValue()).toBe('report');
    expect(await page.getByTestId('contact-account').textContent()).toContain(
      `@${session.user.username}`,
    );
    const message = `A story copies my chapter word for word (${session.user.username}).`;
    await fill(page, { message });
    await send(page);
    await page.getByTestId('contact-sent').waitFor();
    const stored = (await staffListing()).find((m) => m.message === message);
    expect(stored).toMatchObject({ topic: 'report', username: session.user.username });
  });

  it('says so when the server refuses, and keeps what was typed', async () => {
    const page = await openPage('/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '600' },
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Too many requests. Please wait and try again.',
          error: { code: 'too_many_requests' },
        }),
      }),
    );
    const message = 'Please add an offline mode for the train.';
    await fill(page, { email: 'rider@example.com', topic: 'A question about Storyloom', message });
    await send(page);
    const alert = page.getByTestId('contact-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Too many requests. Please wait and try again.');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('contact-form').getByLabel('Message').inputValue()).toBe(message);
  });
});

describe('authors', () => {
  const tag = Date.now().toString(36).slice(-5);
  /** Most followed of this spec's authors (6 followers), then the runner-up (5). */
  const top = newUser(`topauthor${tag}`);
  const second = newUser(`secondauthor${tag}`);
  /** A private profile with 6 followers too, which must not lift it. */
  const hidden = newUser(`hiddenauthor${tag}`);

  beforeAll(async () => {
    const write = async (user = newUser('author')) => {
      await signUpViaApi(user);
      const token = await tokenViaApi(user);
      await createStoryViaApi(token, {
        title: `A story by ${user.username}`,
        chapters: [{ title: 'One', content: '<p>It began.</p>' }],
      });
      return token;
    };
    // Enough authors for a second page (24 a page), whatever the other specs made.
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(Array.from({ length: 5 }, () => write()));
    }
    const [, , hiddenToken] = await Promise.all([write(top), write(second), write(hidden)]);
    await apiAs(hiddenToken, '/users/me/settings', {
      method: 'PUT',
      body: JSON.stringify({ profileVisibility: 'private' }),
    });
    const readers = await Promise.all(
      Array.from({ length: 6 }, async () => tokenViaApi(await signUpViaApi(newUser('fan')))),
    );
    for (const [index, token] of readers.entries()) {
      await apiAs(token, `/users/${top.username}/follow`, { method: 'POST' });
      await apiAs(token, `/users/${hidden.username}/follow`, { method: 'POST' });
      if (index < 5) await apiAs(token, `/users/${second.username}/follow`, { method: 'POST' });
    }
  }, SLOW);

  const names = (page: Page) => page.getByTestId('author-name').allTextContents();
  const card = (page: Page, username: string) =>
    page.getByTestId('author-card').filter({ has: page.getByText(username, { exact: true }) });

  /** Opens directory pages until one lists `username`. */
  async function findAuthor(page: Page, username: string): Promise<void> {
    for (let n = 1; n <= 20; n++) {
      await gotoLive(page, n === 1 ? '/authors' : `/authors?page=${n}`);
      await page.getByTestId('author-list').waitFor();
      if ((await names(page)).includes(username)) return;
    }
    throw new Error(`${username} is not in the directory`);
  }

  it('lists authors most followed first and pages through them', async () => {
    const page = await openPage('/authors');
    const first = await names(page);
    expect(first).toHaveLength(24);
    expect(first.indexOf(top.username)).toBeGreaterThanOrEqual(0);
    expect(first.indexOf(top.username)).toBeLessThan(first.indexOf(second.username));
    expect(await card(page, top.username).getByTestId('author-counts').textContent()).toBe(
      '6 followers · 1 story',
    );
    expect(await page.getByTestId('authors-total').textContent()).toMatch(/^\d+ authors$/);

    await page.getByTestId('pager').getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForFunction(
      (firstName) =>
        document.querySelector('[data-testid="author-name"]')?.textContent !== firstName,
      first[0],
    );
    const second2 = await names(page);
    expect(second2.length).toBeGreaterThan(0);
    expect(second2.filter((name) => first.includes(name))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await gotoLive(page, '/authors?page=400');
    await page.getByTestId('authors-past-end').waitFor();
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL((url) => url.pathname === '/authors' && url.search === '');
    await page.getByTestId('author-list').waitFor();
  });

  it('shows a private profile as its name alone, and its followers do not rank it', async () => {
    const page = await openPage('/authors');
    // Ranked by its followers it would sit beside the top author; hidden, they count as none.
    const first = await names(page);
    const place = first.indexOf(hidden.username);
    expect(place === -1 || place > first.indexOf(second.username)).toBe(true);
    await findAuthor(page, hidden.username);
    const entry = card(page, hidden.username);
    expect(await entry.textContent()).toContain('Private profile');
    expect(await entry.getByTestId('author-counts').count()).toBe(0);
  });

  it('follows an author from the directory; a visitor is sent to sign in', async () => {
    const reader = await signedInSession(newUser('directory'));
    const page = await openPage('/authors', { storageState: reader.storageState });
    const entry = card(page, second.username);
    const button = entry.getByTestId('follow-button');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    await expectToast(page, 'Following!');
    await entry.locator('[data-testid="follow-button"][aria-pressed="true"]').waitFor();
    await entry.getByText('6 followers · 1 story').waitFor();
    const { data } = await apiAs<{ is_following: boolean }>(
      reader.accessToken,
      `/users/${second.username}`,
    );
    expect(data.is_following).toBe(true);

    await reloadLive(page);
    await card(page, second.username)
      .locator('[data-testid="follow-button"][aria-pressed="true"]')
      .waitFor();

    const visitor = await openPage('/authors');
    await card(visitor, top.username).getByTestId('follow-button').click();
    await visitor.waitForURL((url) => url.pathname === '/auth/login');
  });

  it("the feed's Suggested Authors 'See All' leads here", async () => {
    const reader = await signedInSession(newUser('feedreader'));
    const page = await openPage('/feed', { storageState: reader.storageState });
    await page.getByTestId('suggested-authors').getByRole('link', { name: 'See All' }).click();
    await page.getByTestId('authors-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/authors');
    expect(await heading(page)).toBe('Authors');
  });
});

describe('accessibility of these pages', () => {
  for (const { path } of PAGES) {
    it(
      `${path} has no serious or critical axe violations, light and dark`,
      async () => {
        for (const colorScheme of ['light', 'dark'] as const) {
          const page = await openPage(path, { colorScheme });
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page), colorScheme).toEqual([]);
          if (path === '/contact') {
            // The form with its errors shown.
            await page.getByRole('button', { name: 'Send message' }).click();
            await page.getByTestId('field-error').first().waitFor();
            expect(await seriousViolations(page), `errors, ${colorScheme}`).toEqual([]);
          }
          await page.context().close();
        }
      },
      SLOW,
    );
  }
});
