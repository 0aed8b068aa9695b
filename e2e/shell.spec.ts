import { describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, PHONE, reloadLive, useBrowser } from './support/browser.js';
import { createStoryViaApi } from './support/stories.js';

const { openPage } = useBrowser();

describe('web shell', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    const page = await openPage('/no/such/page');
    const notFound = page.getByTestId('not-found-page');
    await notFound.waitFor();
    expect(await page.getByRole('heading', { name: 'Oops! Page not found' }).isVisible()).toBe(
      true,
    );
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Start Reading Free' }).waitFor();
  });

  it('top-bar search goes to /stories?q=… and clears the box; blank input is ignored', async () => {
    const page = await openPage('/about');
    const search = page.getByTestId('search-input');
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/about');

    await search.fill('  dragon & tales ');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/stories');
    expect(new URL(page.url()).searchParams.get('q')).toBe('dragon & tales');
    expect(await search.inputValue()).toBe('');
  });

  it('sends a visitor from a signed-in-only page to /auth/login', async () => {
    for (const path of ['/feed', '/settings', '/stories/create', '/library', '/my-stories']) {
      const page = await openPage(path);
      await page.waitForURL((url) => url.pathname === '/auth/login');
    }
  });

  it('switches the theme to dark and keeps it after a reload', async () => {
    const page = await openPage('/', { colorScheme: 'light' });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByTestId('theme-toggle').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await isDark()).toBe(true);
    await reloadLive(page);
    expect(await isDark()).toBe(true);
    await page.getByTestId('theme-toggle').click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await isDark()).toBe(false);
  });

  it('follows the device preference in system mode', async () => {
    const page = await openPage('/', { colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  });

  it('Browse lists the twelve genres, each linking to its list', async () => {
    const page = await openPage('/');
    await page.getByTestId('browse-menu').click();
    // The menu's code loads on demand: a press made before it arrives opens it a moment later.
    await page.getByTestId('browse-menu-content').waitFor();
    const items = page.getByTestId('browse-menu-content').getByRole('menuitem');
    expect(await items.count()).toBe(12);
    await page.getByRole('menuitem', { name: 'Sci-Fi' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/stories' && url.searchParams.get('genre') === 'Sci-Fi',
    );
  });

  it('on a phone, the menu offers six genres and View All Categories', async () => {
    const page = await openPage('/', { viewport: PHONE });
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'View All Categories' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Sign Up to Write' }).isVisible()).toBe(true);
  });

  it('keeps the page width whether or not the page is long enough to scroll', async () => {
    // A visitor's pages are all at least a screen tall (the footer starts below the first
    // screen); a signed-in reader's 404 page is short.
    const { storageState } = await signedInSession(newUser('width'));
    const page = await openPage('/no/such/page', { storageState, scrollbars: true });
    await page.getByTestId('not-found-page').waitFor();
    // The width the page lays out in (the root's clientWidth leaves out an empty gutter).
    const width = () => page.evaluate(() => document.body.getBoundingClientRect().width);
    const scrolls = () =>
      page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    expect(await scrolls()).toBe(false);
    const short = await width();
    // The same page in a window too low for it: now it scrolls, and keeps its width.
    await page.setViewportSize({ width: 1280, height: 300 });
    expect(await scrolls()).toBe(true);
    expect(await width()).toBe(short);
  });

  it('draws focus rings for the keyboard, not after a click on a tab', async () => {
    const author = await signedInSession(newUser('tabs'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'Rings and Tabs',
      genre: 'Drama',
      chapters: [{ title: 'One', content: '<p>Words.</p>' }],
    });
    const page = await openPage(`/stories/${story.id}`);
    const outline = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement;
        return `${active.getAttribute('role')} ${getComputedStyle(active).outlineStyle}`;
      });
    await page.getByRole('tab', { name: 'Details' }).click();
    expect(await outline()).toBe('tab none');
    await page.keyboard.press('ArrowLeft');
    // Radix moves the focus from a timer after the key, so wait for the tab it selects.
    await page.getByRole('tab', { name: 'About', selected: true }).waitFor();
    expect(await outline()).toBe('tab solid');
  });

  it('shows one search box on a phone’s Discover page, and the top bar’s elsewhere', async () => {
    const page = await openPage('/stories', { viewport: PHONE });
    await page.getByTestId('discover-search').waitFor();
    // The top bar's box is not displayed there, so it is out of the accessibility tree too.
    const boxes = page.getByRole('searchbox');
    expect(await boxes.count()).toBe(1);
    expect(await boxes.getAttribute('data-testid')).toBe('discover-search');
    expect(await page.getByRole('searchbox', { name: 'Search stories' }).isVisible()).toBe(true);
    await gotoLive(page, '/');
    expect(
      await page.getByRole('searchbox', { name: 'Search stories and authors' }).isVisible(),
    ).toBe(true);
  });

  it('shows the footer with the current year to visitors', async () => {
    const page = await openPage('/about');
    await page.getByTestId('about-page').waitFor();
    const footer = await page.getByTestId('site-footer').textContent();
    expect(footer).toContain(String(new Date().getFullYear()));
  });
});
