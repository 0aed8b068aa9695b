import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newUser,
  sessionOf,
  signedInSession,
  signUpViaApi,
  tokenViaApi,
} from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, gotoLive, networkQuiet, PHONE, useBrowser } from './support/browser.js';
import { newDataDir, type RunningServer, seedLibrary, startServer } from './support/server.js';
import {
  apiAs,
  type ChapterPayload,
  chaptersViaApi,
  createStoryViaApi,
} from './support/stories.js';

const { openPage } = useBrowser();
/** Tests that load pages and run axe get more than the default minute on a busy machine. */
const SLOW = 150_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;

const TITLE = 'The Saltmarsh Ledger';
let author: Session;
let storyId: string;
let chapters: ChapterPayload[];

/** Opens a chapter as `token` (or as a visitor): the reader's call that counts a read. */
async function read(token: string | null, chapter: ChapterPayload) {
  const { status } = await apiAs(token, `/chapters/${chapter.id}/progress`, { method: 'POST' });
  expect(status).toBe(200);
}

beforeAll(async () => {
  author = await signedInSession(newUser('writer'));
  const story = await createStoryViaApi(author.accessToken, {
    title: TITLE,
    chapters: ['Low Tide', 'The Ledger', 'Flood Warning', 'High Water'].map((title) => ({
      title,
      content: `<p>${title}: the marsh kept its accounts in silt.</p>`,
    })),
  });
  storyId = story.id;
  chapters = await chaptersViaApi(author.accessToken, storyId);
  // Three readers who go three, two and one chapter deep, and a visitor on the first chapter.
  const readers = await Promise.all(
    [0, 1, 2].map(async () => tokenViaApi(await signUpViaApi(newUser('marsh')))),
  );
  for (const [index, token] of readers.entries()) {
    for (const chapter of chapters.slice(0, 3 - index)) await read(token, chapter);
  }
  await read(null, chapters[0]!);
  for (const token of readers.slice(0, 2)) {
    const { status } = await apiAs(token, `/stories/${storyId}/like`, { method: 'POST' });
    expect(status).toBe(200);
  }
  const { status } = await apiAs(readers[0]!, `/chapters/${chapters[0]!.id}/comments`, {
    method: 'POST',
    body: JSON.stringify({ body: 'The ledger is a wonderful device.' }),
  });
  expect(status).toBe(201);
}, SLOW);

/**
 * The top bar's account menu (every signed-in page, not this one's) is left out: its name,
 * "Account menu", does not hold the initials it shows (label-content-name-mismatch).
 */
const violations = (page: Page) => seriousViolations(page, ['[data-testid="user-menu"]']);

/** The heights of a column chart's bars, in chapter order. */
const barHeights = (page: Page, section: string) =>
  page
    .locator(`[data-testid="stats-${section}"] svg rect`)
    .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))));

/** The visually hidden table's rows, as text per cell. */
const tableRows = (page: Page, section: string) =>
  page
    .locator(`[data-testid="stats-${section}"] table tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.children).map((cell) => cell.textContent?.trim() ?? '')),
    );

describe('a story’s Stats screen', () => {
  it(
    'draws the reads, likes, comments and drop-off of real reads, from My Stories, with a 7/30/365 switch',
    async () => {
      const page = await openPage('/my-stories', {
        viewport: DESKTOP,
        storageState: author.storageState,
      });
      await page.getByRole('link', { name: `Stats of ${TITLE}` }).click();
      await page.waitForURL(`**/stories/${storyId}/stats`);
      await page.getByTestId('stats-reads').waitFor();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Stats');

      // Totals of the last 30 days: 3 + 2 + 1 signed-in reads and a visitor's.
      const totals = await page.locator('dl dd').allTextContents();
      expect(totals).toEqual(['7', '2', '1']);
      // The time charts draw a line (and the reads an area) over the 30 days.
      expect(await page.locator('[data-testid="stats-reads"] svg path').count()).toBe(2);
      expect(await page.locator('[data-testid="stats-engagement"] svg path').count()).toBe(2);
      expect(await tableRows(page, 'reads')).toHaveLength(30);
      // Reads per chapter: 4, 2, 1, 0; readers reaching each chapter: 3, 2, 1, 0.
      const reads = await barHeights(page, 'chapters');
      expect(reads).toHaveLength(4);
      expect(reads[0]).toBeGreaterThan(reads[1]!);
      expect(reads[1]).toBeGreaterThan(reads[2]!);
      expect(reads[3]).toBe(0);
      expect((await tableRows(page, 'dropoff')).map((row) => row[1])).toEqual(['3', '2', '1', '0']);
      const dropoff = await barHeights(page, 'dropoff');
      expect(dropoff[0]! / dropoff[2]!).toBeCloseTo(3, 5);
      await expect
        .poll(() => page.getByTestId('stats-dropoff').textContent())
        .toContain('Of 3 signed-in readers who reached chapter 1');

      await page.getByRole('button', { name: '7 days' }).click();
      await page.waitForURL(`**/stories/${storyId}/stats?days=7`);
      await expect.poll(() => tableRows(page, 'reads').then((rows) => rows.length)).toBe(7);
      expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      const today = new Date().toISOString().slice(0, 10);
      expect((await tableRows(page, 'reads')).at(-1)).toEqual([today, '7']);

      await page.getByRole('button', { name: '365 days' }).click();
      await expect.poll(() => tableRows(page, 'reads').then((rows) => rows.length)).toBe(365);
      await networkQuiet(page);
      expect(await violations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'fits a phone in the dark theme, and is reached from the story editor',
    async () => {
      const page = await openPage(`/stories/${storyId}/edit`, {
        viewport: PHONE,
        colorScheme: 'dark',
        storageState: author.storageState,
      });
      await page.getByTestId('story-stats-link').click();
      await page.waitForURL(`**/stories/${storyId}/stats`);
      await page.getByTestId('stats-dropoff').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        true,
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await barHeights(page, 'chapters')).toHaveLength(4);
      await networkQuiet(page);
      expect(await violations(page)).toEqual([]);
    },
    SLOW,
  );

  it(
    'shows anyone but the author “Story not found”, and nothing of the numbers',
    async () => {
      const other = await signedInSession(newUser('nosy'));
      const page = await openPage('/', { viewport: DESKTOP, storageState: other.storageState });
      await gotoLive(page, `/stories/${storyId}/stats`);
      await page.getByRole('heading', { name: 'Story not found' }).waitFor();
      expect(await page.getByTestId('stats-reads').count()).toBe(0);
      expect(await page.textContent('body')).not.toContain(TITLE);
    },
    SLOW,
  );
});

describe('the Stats screen on the synthetic library (npm run seed)', () => {
  let server: RunningServer;
  let story: { id: string; title: string; author: { username: string } };
  let seeded: Session;

  beforeAll(async () => {
    const dataDir = newDataDir();
    await seedLibrary(dataDir, 40);
    server = await startServer(dataDir, { RATE_LIMIT_FACTOR: '50', RENDER_SHED_DELAY_MS: '0' });
    const response = await fetch(`${server.baseURL}/api/stories?sort=popular&limit=1`);
    const body = (await response.json()) as { data: { items: (typeof story)[] } };
    story = body.data.items[0]!;
    // Seeded accounts: username@example.com, with the demo password.
    const username = story.author.username;
    seeded = await sessionOf(
      { username, email: `${username.toLowerCase()}@example.com`, password: 'storyloom-demo' },
      server.baseURL,
    );
  }, 240_000);
  afterAll(async () => server?.stop());

  it(
    'draws a year of the most read story’s seeded history: the totals the API gives, every day, every chapter',
    async () => {
      const stats = (await (
        await fetch(`${server.baseURL}/api/stories/${story.id}/stats?days=365`, {
          headers: { authorization: `Bearer ${seeded.accessToken}` },
        })
      ).json()) as {
        data: {
          totals: { reads: number; likes: number; comments: number };
          series: { reads: number }[];
          chapters: { readers: number }[];
        };
      };
      const { totals, series, chapters: perChapter } = stats.data;
      // The seed spreads reads over the past year: many days have some, not one lump.
      expect(series.filter((day) => day.reads > 0).length).toBeGreaterThan(30);
      expect(totals.reads).toBeGreaterThan(0);

      const page = await openPage(`${server.baseURL}/stories/${story.id}/stats?days=365`, {
        viewport: DESKTOP,
        storageState: seeded.storageState,
      });
      await page.getByTestId('stats-reads').waitFor();
      await expect.poll(() => tableRows(page, 'reads').then((rows) => rows.length)).toBe(365);
      const shown = (await page.locator('dl dd').allTextContents()).map((text) =>
        Number(text.replace(/[^0-9]/g, '')),
      );
      expect(shown).toEqual([totals.reads, totals.likes, totals.comments]);
      // Each day's reads in the chart's table are the API's, in order.
      const days = (await tableRows(page, 'reads')).map((row) =>
        Number(row[1]!.replace(/\D/g, '')),
      );
      expect(days).toEqual(series.map((day) => day.reads));
      expect(await page.locator('[data-testid="stats-reads"] svg path').count()).toBe(2);
      const bars = await barHeights(page, 'dropoff');
      expect(bars).toHaveLength(perChapter.length);
      expect(Math.max(...bars)).toBeGreaterThan(0);
      await networkQuiet(page);
      expect(await violations(page)).toEqual([]);
    },
    SLOW,
  );
});
