import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Cookies and local storage to start with (e.g. a signed-in session from accounts.ts). */
  storageState?: BrowserContextOptions['storageState'];
  /** Script run in every document before the page's own (e.g. hooks a test reads back). */
  initScript?: string;
  /** Ignore the page's Content-Security-Policy, to test what is behind it on its own. */
  bypassCSP?: boolean;
  /** Off: the page as it arrives from the server, before (and without) any of its scripts. */
  javaScriptEnabled?: boolean;
  /** The browser's time zone, e.g. 'Pacific/Kiritimati'. */
  timezoneId?: string;
  /** The User-Agent the browser sends (the server names a session's device from it). */
  userAgent?: string;
  /**
   * Draw scrollbars that take room, as a desktop browser does (headless Chromium hides them),
   * for tests of what a scrollbar does to the page's width.
   */
  scrollbars?: boolean;
}

/**
 * Resolves once the app has taken over the page (`<html data-live>`, set in main.tsx). A page
 * the server rendered shows its content before that, and a click or a key pressed on it then
 * would go nowhere; a busy machine makes that gap long.
 */
export async function whenLive(page: Page): Promise<Page> {
  await page.waitForSelector('html[data-live]', { state: 'attached' });
  return page;
}

/** `page.goto` that returns once the app is live on the new page. */
export async function gotoLive(page: Page, path: string): Promise<Page> {
  await page.goto(path);
  return whenLive(page);
}

/** `page.reload` that returns once the app is live again. */
export async function reloadLive(page: Page): Promise<Page> {
  await page.reload();
  return whenLive(page);
}

/**
 * Requests still running on each page `openPage` opened, leaving out the notification stream:
 * a signed-in page keeps that one open for as long as it is shown.
 */
const running = new WeakMap<Page, Set<Request>>();
const LONG_LIVED = /^\/api\/notifications\/stream$/;

function trackRequests(page: Page) {
  const open = new Set<Request>();
  running.set(page, open);
  page.on('request', (request) => {
    if (!LONG_LIVED.test(new URL(request.url()).pathname)) open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Playwright's `networkidle` (nothing running for 500 ms), except that the notification stream
 * does not count: it never ends on a signed-in page, so `networkidle` would never come there.
 * Pages not opened by `openPage` get `networkidle` itself.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000) {
  const open = running.get(page);
  if (!open) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`the network did not settle in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (open.size > 0) quietSince = Date.now();
  }
}

/**
 * One headless Chromium per spec file. `openPage()` gives a fresh context (fresh storage) so
 * each test starts where it means to; errors thrown by the page fail the test.
 */
export function useBrowser() {
  let browser: Browser;
  let withScrollbars: Promise<Browser> | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await (await withScrollbars)?.close();
    if (pageErrors.length > 0) throw pageErrors[0];
  });

  const baseURL = () => inject('baseURL');

  async function openPage(path = '/', options: PageOptions = {}): Promise<Page> {
    if (options.scrollbars && !withScrollbars) {
      withScrollbars = chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ARGS,
        ignoreDefaultArgs: ['--hide-scrollbars'],
      });
    }
    const launched = options.scrollbars && withScrollbars ? await withScrollbars : browser;
    const context = await launched.newContext({
      baseURL: baseURL(),
      viewport: options.viewport ?? DESKTOP,
      colorScheme: options.colorScheme ?? 'light',
      ...(options.storageState ? { storageState: options.storageState } : {}),
      ...(options.bypassCSP ? { bypassCSP: true } : {}),
      ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    });
    contexts.push(context);
    if (options.initScript) await context.addInitScript(options.initScript);
    const page = await context.newPage();
    trackRequests(page);
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(path);
    // Without scripts (or on a blank page) there is no app to wait for.
    return options.javaScriptEnabled === false || path === 'about:blank' ? page : whenLive(page);
  }

  return { openPage, baseURL };
}
