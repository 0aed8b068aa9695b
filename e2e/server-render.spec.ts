import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, useBrowser } from './support/browser.js';
import { paintedBackgrounds, sameRgb } from './support/colours.js';
import { createStoryViaApi } from './support/stories.js';

/**
 * Server rendering (docs/decisions/014): a visitor's page arrives with its content, the browser
 * takes it over without a second round of calls or a mismatch, and a signed-in reader gets
 * their own page, never the visitor's.
 */
const { openPage, baseURL } = useBrowser();

/** Console errors and warnings, from the first script on (hydration mismatches land here). */
const CONSOLE_HOOK = `
  window.__console = [];
  for (const level of ['error', 'warn']) {
    const original = console[level].bind(console);
    console[level] = (...args) => { window.__console.push(level + ': ' + args.join(' ')); original(...args); };
  }
`;
const consoleProblems = (page: Page) =>
  page.evaluate(() => (window as unknown as { __console: string[] }).__console);

let story: { id: string; title: string };
beforeAll(async () => {
  const author = await signedInSession(newUser('ssrauthor'));
  story = await createStoryViaApi(author.accessToken, {
    title: 'The Lighthouse Keeper’s Ledger',
    chapters: [{ title: 'Low Tide', content: '<p>The ledger smelled of salt and lamp oil.</p>' }],
  });
});

describe('server-rendered pages', () => {
  it('show their content before any script runs (scripts off)', async () => {
    const home = await openPage('/', { javaScriptEnabled: false });
    expect(await home.getByRole('heading', { level: 1 }).textContent()).toContain('Stories');
    expect(await home.getByRole('link', { name: story.title }).count()).toBeGreaterThan(0);

    const detail = await openPage(`/stories/${story.id}`, { javaScriptEnabled: false });
    expect(await detail.title()).toBe(`${story.title} — Storyloom`);
    expect(await detail.getByRole('heading', { name: story.title }).isVisible()).toBe(true);

    const reader = await openPage(`/stories/${story.id}/read?chapter=1`, {
      javaScriptEnabled: false,
    });
    expect(await reader.getByText('The ledger smelled of salt and lamp oil.').isVisible()).toBe(
      true,
    );
  });

  it('are taken over by the app without calls or console errors, and work as before', async () => {
    const calls: string[] = [];
    const page = await openPage('about:blank', { initScript: CONSOLE_HOOK });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await gotoLive(page, '/');
    await page.waitForLoadState('networkidle');
    // The lists came with the page: nothing is fetched again.
    expect(calls).toEqual([]);
    expect(await consoleProblems(page)).toEqual([]);
    // Live: a story card opens its page inside the app, without loading a document.
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    const card = page.getByRole('link', { name: story.title }).first();
    // A card's links are app links (components/ui/app-link.tsx): a click with Ctrl stays the
    // browser's, a new tab, and this page stays where it is.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await tab.waitForURL((url) => url.pathname === `/stories/${story.id}`);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/');
    await card.click();
    await page.waitForURL((url) => url.pathname === `/stories/${story.id}`);
    await page.getByTestId('story-detail-page').waitFor();
    const samePage = () =>
      page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage);
    expect(await samePage()).toBe(true);
    // The navigation went into the history: Back returns to the home page, still in the app.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: story.title }).first().waitFor();
    expect(await samePage()).toBe(true);
    // A link to the page already open replaces its history entry, as <Link> does.
    const entries = await page.evaluate(() => history.length);
    await page.getByTestId('brand-logo').first().click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(await samePage()).toBe(true);
    expect(await consoleProblems(page)).toEqual([]);
  });

  it('do not ask again for the story and chapters they were rendered from (lib/page-data.ts)', async () => {
    for (const path of [`/stories/${story.id}`, `/stories/${story.id}/read?chapter=1`]) {
      const calls: string[] = [];
      // Listening from before the page arrives: hydration asks as soon as the app is live.
      const page = await openPage('about:blank', { initScript: CONSOLE_HOOK });
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
      });
      await gotoLive(page, path);
      await page.waitForLoadState('networkidle');
      // The reader still asks for what the page did not carry: comments, their counts, the read.
      const again = calls.filter(
        (call) =>
          call === `GET /api/stories/${story.id}` ||
          call === `GET /api/chapters/by-story/${story.id}`,
      );
      expect(again, path).toEqual([]);
      expect(await consoleProblems(page)).toEqual([]);
    }
  });

  it('load without a call to Intl (its first call loads locale data: a long task on a phone)', async () => {
    // Every Intl constructor and locale-aware method the app could reach, counted with where from.
    const INTL_HOOK = `
      window.__intl = [];
      const note = (what) => window.__intl.push(what + ' ' + (new Error().stack.split('\\n')[3] || '').trim());
      for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
        const Real = Intl[name];
        Intl[name] = new Proxy(Real, {
          construct(target, args) { note(name); return Reflect.construct(target, args); },
          apply(target, self, args) { note(name); return Reflect.apply(target, self, args); },
        });
      }
      for (const [proto, method] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString'], [String.prototype, 'localeCompare']]) {
        const real = proto[method];
        proto[method] = function (...args) { note(method); return real.apply(this, args); };
      }`;
    for (const path of [
      '/',
      '/stories',
      `/stories/${story.id}`,
      `/stories/${story.id}/read?chapter=1`,
    ]) {
      const page = await openPage('about:blank', { initScript: INTL_HOOK });
      await gotoLive(page, path);
      await page.waitForLoadState('networkidle');
      const calls = await page.evaluate(() => (window as unknown as { __intl: string[] }).__intl);
      expect(calls, path).toEqual([]);
    }
  });

  it('paint in a visitor’s own theme and reading settings from the first frame, app or not', async () => {
    const path = `/stories/${story.id}/read?chapter=1`;
    // Not on about:blank, whose storage is off limits.
    const stored = `${CONSOLE_HOOK}
      if (location.protocol.startsWith('http')) {
        localStorage.setItem('theme', 'dark');
        localStorage.setItem('reading-preferences', JSON.stringify({ theme: 'sepia', fontSize: 22, lineHeight: 1.5, fontFamily: 'monospace', textAlign: 'justify' }));
      }`;
    const look = (page: Page) =>
      page.evaluate(() => {
        const text = getComputedStyle(document.querySelector('[data-testid="chapter-content"]')!);
        return {
          dark: document.documentElement.classList.contains('dark'),
          paper: getComputedStyle(document.querySelector('[data-testid="reader-page"]')!)
            .backgroundColor,
          text: [text.fontSize, text.lineHeight, text.textAlign, text.fontFamily.split(',')[0]],
        };
      });
    const expected = {
      dark: true,
      paper: expect.stringContaining('oklch(0.95 0.03 85'),
      text: ['22px', '33px', 'justify', '"Courier New"'],
    };

    // Without the app (its bundle refused), only the pre-paint script has run.
    const frozen = await openPage('about:blank', { colorScheme: 'light', initScript: stored });
    await frozen.route('**/assets/index-*.js', (route) => route.abort());
    await frozen.goto(path);
    await frozen.getByTestId('chapter-content').waitFor();
    expect(await frozen.evaluate(() => 'live' in document.documentElement.dataset)).toBe(false);
    expect(await look(frozen)).toEqual(expected);

    // With the app: the same once live, and the hydration met no mismatch.
    const page = await openPage(path, { colorScheme: 'light', initScript: stored });
    expect(await look(page)).toEqual(expected);
    expect(await consoleProblems(page)).toEqual([]);
  });

  it('paint a dark site’s reader who picked no reading theme in Dark from the first frame, top bar too', async () => {
    const path = `/stories/${story.id}/read?chapter=1`;
    const darkPaper = 'oklch(0.21 0.005 286)';
    const look = async (page: Page) => {
      const [paper, topBar] = await paintedBackgrounds(page, [
        '[data-testid="reader-page"]',
        '[data-top-bar]',
      ]);
      return {
        dark: await page.evaluate(() => document.documentElement.classList.contains('dark')),
        theme: await page.evaluate(() => document.documentElement.dataset.readerTheme),
        paper: paper!.colour,
        topBarIsPaper: sameRgb(topBar!.rgb, paper!.rgb),
      };
    };
    const expected = { dark: true, theme: 'auto', paper: darkPaper, topBarIsPaper: true };
    // Dark chosen on the site (device light), or dark by the device's preference.
    const cases = [
      {
        colorScheme: 'light' as const,
        initScript: `${CONSOLE_HOOK}
          if (location.protocol.startsWith('http')) localStorage.setItem('theme', 'dark');`,
      },
      { colorScheme: 'dark' as const, initScript: CONSOLE_HOOK },
    ];
    for (const options of cases) {
      const frozen = await openPage('about:blank', options);
      await frozen.route('**/assets/index-*.js', (route) => route.abort());
      await frozen.goto(path);
      await frozen.getByTestId('chapter-content').waitFor();
      expect(await frozen.evaluate(() => 'live' in document.documentElement.dataset)).toBe(false);
      expect(await look(frozen)).toEqual(expected);

      const page = await openPage(path, options);
      expect(await look(page)).toEqual(expected);
      expect(await consoleProblems(page)).toEqual([]);
    }
  });

  it('show dates in the reader’s own time zone once live', async () => {
    // A zone whose date differs from UTC's right now: the server renders in UTC.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const local = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: zone,
    }).format(new Date());
    const page = await openPage(`/stories/${story.id}`, {
      timezoneId: zone,
      initScript: CONSOLE_HOOK,
    });
    const published = page.getByTestId('stat-published').locator('dd');
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[data-testid="stat-published"] dd')?.getAttribute('title') ===
        expected,
      local,
    );
    expect(await published.getAttribute('title')).toBe(local);
    expect(await consoleProblems(page)).toEqual([]);
  });

  it('are never what a signed-in reader gets: they get their own page', async () => {
    const me = await signedInSession(newUser('ssrreader'));
    // Signed in before the hint cookie existed: the visitor's page arrives, the app draws the
    // reader's own instead, and keeps the hint from then on.
    const page = await openPage('/stories', {
      storageState: me.storageState,
      initScript: CONSOLE_HOOK,
    });
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sl_signed_in')?.value).toBe('1');
    // From now on the server sends the shell, and the app opens the reader's feed from /.
    const shell = await page.context().request.get(`${baseURL()}/`);
    expect(await shell.text()).toContain('<div id="root"></div>');
    await gotoLive(page, '/');
    await page.waitForURL((url) => url.pathname === '/feed');
    expect(await consoleProblems(page)).toEqual([]);
  });
});
