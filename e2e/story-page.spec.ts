import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, networkQuiet, PHONE, useBrowser } from './support/browser.js';
import { apiAs, type StoryPayload } from './support/stories.js';

/**
 * The story page a reader expects (issue 17): the table of contents, the story's length,
 * status, language and copyright, Continue Reading for a returning reader, and Read for the
 * author.
 */
const { openPage } = useBrowser();
/** Tests that load many pages (and run axe) get more than the default minute on a busy machine. */
const SLOW = 150_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;
interface Line {
  id: string;
  title: string;
  order: number;
  published: boolean;
  word_count: number;
  published_at: string | null;
}

const TITLES = ['The Salt Road', 'Lanterns Out', 'The Ferryman Counts', 'High Water'];
/** A chapter of `n` × 10 words. */
const prose = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<p>Line ${i + 1} of the tide log, written down in ink.</p>`,
  ).join('');
const LONG_CHAPTERS = 40;

let author: Session;
let story: StoryPayload;
let long: StoryPayload;
/** The author's view of `story`: the four published chapters and a draft in second place. */
let lines: Line[];

async function createStory(token: string, body: Record<string, unknown>) {
  const { status, data } = await apiAs<StoryPayload>(token, '/stories/json', {
    method: 'POST',
    body: JSON.stringify({ genre: 'Adventure', ...body }),
  });
  if (status !== 201) throw new Error(`creating a story answered ${status}`);
  return data;
}

beforeAll(async () => {
  author = await signedInSession(newUser('tidewriter'));
  story = await createStory(author.accessToken, {
    title: 'The Tide Log',
    chapters: TITLES.map((title, i) => ({ title, content: prose(20 + i * 7) })),
  });
  const settings = await apiAs(author.accessToken, `/stories/${story.id}`, {
    method: 'PATCH',
    body: JSON.stringify({
      completion_status: 'completed',
      language: 'Portuguese',
      copyright: 'Creative Commons',
    }),
  });
  if (settings.status !== 200) throw new Error(`saving the settings answered ${settings.status}`);
  const draft = await apiAs(author.accessToken, '/chapters', {
    method: 'POST',
    body: JSON.stringify({
      story_id: story.id,
      title: 'Notes Not Yet Ready',
      content: '<p>Unfinished.</p>',
      order: 2,
    }),
  });
  if (draft.status !== 201) throw new Error(`adding a draft answered ${draft.status}`);
  lines = (
    await apiAs<Line[]>(author.accessToken, `/stories/${story.id}/chapters?published_only=false`)
  ).data;
  long = await createStory(author.accessToken, {
    title: 'Forty Tides',
    chapters: Array.from({ length: LONG_CHAPTERS }, (_, i) => ({
      title: `Tide ${i + 1}`,
      content: prose(3),
    })),
  });
});

const storyPath = (id: string) => `/stories/${id}`;

async function openStory(id: string, options: Parameters<typeof openPage>[1] = {}) {
  const page = await openPage(storyPath(id), { timezoneId: 'UTC', ...options });
  await page.getByTestId('contents-list').waitFor();
  return page;
}

const utcDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/** Each line of the table of contents as shown: its number, title, meta text and link. */
const shownLines = (page: Page) =>
  page.getByTestId('contents-list').evaluate((list) =>
    Array.from(list.querySelectorAll('li > a'), (link) => ({
      number: link.firstElementChild?.textContent ?? '',
      title: link.querySelector('[data-testid="contents-title"]')?.textContent ?? '',
      meta: link.querySelector('[data-testid="contents-meta"]')?.textContent ?? '',
      href: link.getAttribute('href'),
      draft: link.getAttribute('data-testid') === 'contents-draft',
      lastRead: link.querySelector('[data-testid="contents-last-read"]') !== null,
    })),
  );

/**
 * axe-core in the page (evaluated over the DevTools protocol, which the page's CSP allows).
 * `exclude`: selectors of parts of the page left out of the run.
 */
async function seriousViolations(page: Page, exclude: string[] = []) {
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (excluded) =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { include: [['html']], exclude: excluded.map((selector) => [selector]) },
        { resultTypes: ['violations'] },
      ),
    exclude,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('the story page: table of contents', () => {
  it('lists a visitor the published chapters in order, with dates and words, each opening the reader', async () => {
    const published = lines.filter((line) => line.published);
    const page = await openStory(story.id);
    expect(await shownLines(page)).toEqual(
      published.map((line, i) => ({
        number: String(i + 1),
        title: line.title,
        meta: expect.stringMatching(
          new RegExp(
            `^${utcDate(line.published_at!)}.*${line.word_count.toLocaleString('en-US')} words$`,
          ),
        ),
        href: `/stories/${story.id}/read?chapter=${i + 1}`,
        draft: false,
        lastRead: false,
      })),
    );
    expect(published.map((line) => line.title)).toEqual(TITLES);
    expect(await page.getByText('Notes Not Yet Ready').count()).toBe(0);
    expect(await page.getByTestId('contents-count').textContent()).toBe('4 chapters');

    // The story's length, status, language and copyright, in words a reader knows.
    const words = published.reduce((sum, line) => sum + line.word_count, 0);
    expect(await page.getByTestId('fact-words').textContent()).toBe(
      `Length${words.toLocaleString('en-US')} words`,
    );
    expect(await page.getByTestId('fact-reading-time').textContent()).toBe(
      `Reading time${Math.ceil(words / 250)} min read`,
    );
    expect(await page.getByTestId('fact-language').textContent()).toBe('LanguagePortuguese');
    expect(await page.getByTestId('fact-copyright').textContent()).toBe(
      'CopyrightCreative Commons',
    );
    expect(await page.getByTestId('story-status').textContent()).toBe('Completed');
    await page.getByRole('tab', { name: 'Details' }).click();
    const details = await page.getByTestId('story-details').textContent();
    for (const text of [
      'StatusCompleted',
      'Chapters4 chapters',
      `Length${words.toLocaleString('en-US')} words`,
      'LanguagePortuguese',
      'CopyrightCreative Commons',
    ]) {
      expect(details).toContain(text);
    }

    // A line opens the reader at that chapter.
    await page.getByRole('link', { name: /The Ferryman Counts/ }).click();
    await page.getByTestId('chapter').waitFor();
    await expect.poll(() => page.getByTestId('chapter-title').textContent()).toBe(TITLES[2]);
    expect(new URL(page.url()).searchParams.get('chapter')).toBe('3');
  });

  it('comes with the page the server renders: the app does not ask for it again', async () => {
    const page = await openPage('about:blank', { timezoneId: 'UTC' });
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname);
    });
    await gotoLive(page, storyPath(story.id));
    await page.waitForLoadState('networkidle');
    expect(await shownLines(page)).toHaveLength(TITLES.length);
    expect(calls.filter((path) => path.endsWith('/chapters'))).toEqual([]);
  });

  it('folds a long story to its first ten chapters, with a way to show them all', async () => {
    const page = await openStory(long.id, { viewport: PHONE });
    expect(await shownLines(page)).toHaveLength(10);
    const toggle = page.getByTestId('contents-toggle');
    expect(await toggle.textContent()).toBe(`Show all ${LONG_CHAPTERS} chapters`);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(async () => (await shownLines(page)).length).toBe(LONG_CHAPTERS);
    const all = await shownLines(page);
    expect(all.at(-1)).toMatchObject({
      number: String(LONG_CHAPTERS),
      title: `Tide ${LONG_CHAPTERS}`,
      href: `/stories/${long.id}/read?chapter=${LONG_CHAPTERS}`,
    });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toBe('Show fewer chapters');
    await toggle.click();
    await expect.poll(async () => (await shownLines(page)).length).toBe(10);
    // Nothing on the page is wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  it('shows the author their drafts in place, and gives them Read beside Edit Story', async () => {
    const page = await openStory(story.id, { storageState: author.storageState });
    await expect.poll(async () => (await shownLines(page)).length).toBe(5);
    const shown = await shownLines(page);
    expect(shown.map((line) => [line.number, line.title, line.draft])).toEqual([
      ['1', TITLES[0], false],
      ['', 'Notes Not Yet Ready', true],
      ['2', TITLES[1], false],
      ['3', TITLES[2], false],
      ['4', TITLES[3], false],
    ]);
    expect(shown[1]).toMatchObject({
      href: `/stories/${story.id}/edit`,
      meta: expect.stringMatching(/^Not published.*1 word$/),
    });
    expect(await page.getByTestId('contents-draft').textContent()).toContain('Draft');
    expect(await page.getByTestId('contents-count').textContent()).toBe('4 chapters · 1 draft');
    // Totals count what readers get: the published chapters.
    const words = lines.filter((l) => l.published).reduce((sum, l) => sum + l.word_count, 0);
    expect(await page.getByTestId('fact-words').textContent()).toContain(
      `${words.toLocaleString('en-US')} words`,
    );

    const actions = page.getByTestId('owner-actions');
    expect(await actions.getByRole('link', { name: 'Edit Story' }).getAttribute('href')).toBe(
      `/stories/${story.id}/edit`,
    );
    const read = actions.getByRole('link', { name: 'Read', exact: true });
    expect(await read.getAttribute('href')).toBe(`/stories/${story.id}/read?chapter=1`);
    await read.click();
    await page.getByTestId('chapter').waitFor();
    await expect.poll(() => page.getByTestId('chapter-title').textContent()).toBe(TITLES[0]);
  });

  it(
    'offers a returning signed-in reader Continue Reading at their chapter, numbered as the reader numbers it',
    async () => {
      const reader = await signedInSession(newUser('tidereader'));
      // The third published chapter sits fourth among all (a draft comes before it).
      const third = lines.filter((line) => line.published)[2]!;
      expect(third.order).toBe(4);
      const opened = await openPage(`/stories/${story.id}/read?chapter=3`, {
        storageState: reader.storageState,
      });
      await opened.getByTestId('chapter').waitFor();
      await expect
        .poll(async () => {
          const { data } = await apiAs<{ progress?: { chapter_id: string } | null }>(
            reader.accessToken,
            `/stories/${story.id}`,
          );
          return data.progress?.chapter_id;
        })
        .toBe(third.id);

      const page = await openStory(story.id, { storageState: reader.storageState });
      const button = page.getByTestId('read-button');
      await expect.poll(() => button.textContent()).toBe('Continue Reading · Chapter 3');
      expect(await button.getAttribute('href')).toBe(`/stories/${story.id}/read?chapter=3`);
      expect((await shownLines(page)).map((line) => line.lastRead)).toEqual([
        false,
        false,
        true,
        false,
      ]);
      await button.click();
      await page.getByTestId('chapter').waitFor();
      await expect.poll(() => page.getByTestId('chapter-title').textContent()).toBe(TITLES[2]);

      // A visitor has no saved place: Start Reading, from the first chapter.
      const visitor = await openStory(story.id);
      expect(await visitor.getByTestId('read-button').textContent()).toBe('Start Reading');
    },
    SLOW,
  );
});

describe('the story page: accessibility', () => {
  it(
    'has no serious or critical axe violations with the contents open, light and dark, phone and desktop',
    async () => {
      for (const viewport of [PHONE, undefined]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const page = await openStory(long.id, { colorScheme, ...(viewport ? { viewport } : {}) });
          await page.getByTestId('contents-toggle').click();
          await expect.poll(async () => (await shownLines(page)).length).toBe(LONG_CHAPTERS);
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page)).toEqual([]);
        }
      }
    },
    SLOW,
  );

  it(
    "has none on the author's page with its draft, light and dark",
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openStory(story.id, { colorScheme, storageState: author.storageState });
        await page.getByTestId('contents-draft').waitFor();
        await networkQuiet(page);
        // The top bar's account menu (every signed-in page, not this one's) is left out: its
        // name, "Account menu", does not hold the initials it shows (label-content-name-mismatch).
        expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);
      }
    },
    SLOW,
  );
});
