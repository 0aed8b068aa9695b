import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, useBrowser } from './support/browser.js';
import { apiAs, createStoryViaApi, expectToast } from './support/stories.js';

const { openPage, baseURL } = useBrowser();

/** The names of the caches holding stories kept offline (one per account). */
const offlineCaches = (page: Page) =>
  page.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith('storyloom-offline-')),
  );

describe('offline: an installable app', () => {
  it('serves a web app manifest, linked from every page, with its icons', async () => {
    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Storyloom',
      short_name: 'Storyloom',
      start_url: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseURL()}${icon.src}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      // The PNG's own width and height (IHDR) are what the manifest says.
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(icon.sizes);
    }

    const page = await openPage('/about');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    // The browser reads it under the page's Content-Security-Policy and registers the worker.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL()}/`);
    // Chromium's own verdict on installing it (a test's browser context is an incognito one,
    // where nothing is ever installed: that reason alone is expected).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(
      installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
  });
});

describe('offline: reading the library with no connection', () => {
  it('keeps a saved story offline, opens its chapters offline, and forgets it on sign-out', async () => {
    const author = await signedInSession(newUser('author'));
    const kept = await createStoryViaApi(author.accessToken, {
      title: 'The Lantern Road',
      chapters: [
        { title: 'Dusk', content: '<p>The lantern swung on its hook as the cart set out.</p>' },
        { title: 'Night', content: '<p>Far off, the river spoke in a voice of stones.</p>' },
      ],
    });
    const other = await createStoryViaApi(author.accessToken, {
      title: 'The Unkept Tower',
      chapters: [{ title: 'One', content: '<p>Never kept.</p>' }],
    });
    const reader = await signedInSession(newUser('reader'));
    const { data: me } = await apiAs<{ id: string }>(reader.accessToken, '/users/me');

    // Added to the library from the story's page.
    const page = await openPage(`/stories/${kept.id}`, { storageState: reader.storageState });
    await page.getByTestId('save-button').click();
    await expectToast(page, 'Saved to your library');
    await page.locator('[data-testid="save-button"][aria-pressed="true"]').waitFor();

    await gotoLive(page, '/library');
    await page.getByRole('tabpanel').getByRole('link', { name: 'The Lantern Road' }).waitFor();
    expect(await page.getByTestId('offline-summary').textContent()).toContain(
      'Switch on Keep offline',
    );
    await page.getByRole('switch', { name: /The Lantern Road/ }).click();
    const ready = page.getByTestId('offline-ready');
    await ready.waitFor();
    expect(await ready.textContent()).toMatch(/^Available offline · \d+(\.\d)? (B|KB)$/);
    expect(await page.getByTestId('offline-summary').textContent()).toContain(
      '1 story kept offline on this device',
    );
    expect(await offlineCaches(page)).toEqual([`storyloom-offline-${me.id}`]);
    // The avatar menu's own finding is left out, as in blocks.spec.ts.
    expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);
    // The app shell is kept by the service worker.
    await page.evaluate(() => navigator.serviceWorker.ready);

    await page.context().setOffline(true);
    const opened = await page.goto(`/stories/${kept.id}/read?chapter=2`);
    // The service worker answered with the shell it keeps (the server's pages say whether they
    // were rendered; the kept index.html is the file as built).
    expect(opened?.fromServiceWorker()).toBe(true);
    expect(opened?.headers()['x-server-rendered']).toBeUndefined();
    await page.waitForSelector('html[data-live]', { state: 'attached' });
    await page.getByTestId('chapter-title').filter({ hasText: 'Night' }).waitFor();
    expect(await page.getByTestId('chapter').textContent()).toContain(
      'Far off, the river spoke in a voice of stones.',
    );
    await page.getByTestId('offline-notice').waitFor();
    await page.getByRole('button', { name: /Previous/ }).click();
    await page.getByTestId('chapter-title').filter({ hasText: 'Dusk' }).waitFor();
    expect(await page.getByTestId('chapter').textContent()).toContain('The lantern swung');

    // The library, offline, lists what can be read.
    await gotoLive(page, '/library');
    const shelf = page.getByTestId('offline-shelf');
    await shelf.waitFor();
    expect(await shelf.getByRole('link', { name: 'The Lantern Road' }).getAttribute('href')).toBe(
      `/stories/${kept.id}/read`,
    );

    // A story not kept says so, and leads back to the library.
    await gotoLive(page, `/stories/${other.id}/read`);
    await expectToast(page, 'Not available offline');
    await page.waitForURL('**/library');

    // Back online, signing out deletes the copies.
    await page.context().setOffline(false);
    await gotoLive(page, '/library');
    await page.getByTestId('offline-ready').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseURL()}/`);
    await expect.poll(() => offlineCaches(page)).toEqual([]);
  });
});
