import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, networkQuiet, PHONE, reloadLive, useBrowser } from './support/browser.js';
import { paintedBackgrounds, sameRgb } from './support/colours.js';
import {
  apiAs,
  type ChapterPayload,
  chaptersViaApi,
  expectToast,
  type StoryPayload,
} from './support/stories.js';

const { openPage, baseURL } = useBrowser();
/** Tests that load many pages (and run axe) get more than the default minute on a busy machine. */
const SLOW = 150_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;

const TITLE = `The Lamplighter's Almanac & "Other" Tales`;
const DESCRIPTION = 'A night-shift lamplighter keeps a ledger of everything the dark gives back.';
const CHAPTER_TITLES = ['The First Lamp', 'Oil and Wick', 'Dawn Rounds'];
const PRIVATE_MESSAGE = 'This story is private and cannot be accessed';
const DEFAULTS = {
  fontSize: 18,
  lineHeight: 1.8,
  fontFamily: 'serif',
  textAlign: 'left',
  // Not picked: the page follows the site's theme.
  theme: 'auto',
};
/** The reading themes' paper, as reader.css writes it (and getComputedStyle gives it back). */
const PAPER = {
  light: 'oklch(0.99 0.003 286)',
  sepia: 'oklch(0.95 0.03 85)',
  dark: 'oklch(0.21 0.005 286)',
  night: 'oklch(0.13 0.003 60)',
};

/** Long enough that the page scrolls, so "back to the top" on a new chapter means something. */
const chapterText = (n: number) =>
  Array.from(
    { length: 30 },
    (_, i) =>
      `<p>Lamp ${n}.${i + 1}: the wick caught, the glass fogged, and the street remembered its name.</p>`,
  ).join('');

let author: Session;
let story: StoryPayload;
let chapters: ChapterPayload[];
let hidden: StoryPayload;
let empty: StoryPayload;

async function createStory(token: string, body: Record<string, unknown>) {
  const { status, data } = await apiAs<StoryPayload>(token, '/stories/json', {
    method: 'POST',
    body: JSON.stringify({ genre: 'Fantasy', ...body }),
  });
  if (status !== 201) throw new Error(`creating a story answered ${status}`);
  return data;
}

beforeAll(async () => {
  author = await signedInSession(newUser('lamplighter'));
  story = await createStory(author.accessToken, {
    title: TITLE,
    description: DESCRIPTION,
    tags: ['lanterns', 'night shift'],
    chapters: CHAPTER_TITLES.map((title, i) => ({ title, content: chapterText(i + 1) })),
  });
  chapters = await chaptersViaApi(author.accessToken, story.id);
  hidden = await createStory(author.accessToken, {
    title: 'Ledger of Secrets',
    visibility: 'private',
    chapters: [{ title: 'Hidden', content: '<p>Nobody else reads this.</p>' }],
  });
  empty = await createStory(author.accessToken, { title: 'Blank Pages' });
});

const storyPath = (id: string) => `/stories/${id}`;
const readerPath = (id: string, chapter?: number) =>
  `/stories/${id}/read${chapter ? `?chapter=${chapter}` : ''}`;

async function openStory(id: string, options: Parameters<typeof openPage>[1] = {}) {
  const page = await openPage(storyPath(id), options);
  await page.getByTestId('story-detail-page').waitFor();
  return page;
}

async function openReader(
  id: string,
  chapter?: number,
  options: Parameters<typeof openPage>[1] = {},
) {
  const page = await openPage(readerPath(id, chapter), options);
  await page.getByTestId('chapter').waitFor();
  return page;
}

const indicator = (page: Page) => page.getByTestId('chapter-indicator').textContent();
const chapterParam = (page: Page) => new URL(page.url()).searchParams.get('chapter');

async function expectChapter(page: Page, n: number) {
  await expect.poll(() => indicator(page)).toBe(`Chapter ${n} of 3`);
  expect(await page.getByTestId('chapter-title').textContent()).toBe(CHAPTER_TITLES[n - 1]);
  expect(await page.getByTestId('chapter-position').textContent()).toBe(`${n} / 3`);
  expect(await page.getByTestId('chapter-content').textContent()).toContain(`Lamp ${n}.1:`);
  await expect.poll(() => chapterParam(page)).toBe(String(n));
}

/** The chapter text's computed typography and the reading surface's theme. */
const typography = (page: Page) =>
  page.evaluate(() => {
    const content = document.querySelector<HTMLElement>('[data-testid="chapter-content"]')!;
    const surface = document.querySelector<HTMLElement>('[data-testid="reader-page"]')!;
    const style = getComputedStyle(content);
    return {
      fontSize: style.fontSize,
      lineHeight: style.lineHeight,
      fontFamily: style.fontFamily,
      textAlign: style.textAlign,
      theme: document.documentElement.dataset.readerTheme,
      background: getComputedStyle(surface).backgroundColor,
    };
  });

const storedPreferences = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('reading-preferences') ?? 'null'));

describe('reading: the story page', () => {
  it('shows a visitor the story, its author, stats, tags and tabs; Like sends them to sign in', async () => {
    const page = await openStory(story.id);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    expect(await page.title()).toBe(`${TITLE} — Storyloom`);
    expect(await page.getByTestId('author-link').getAttribute('href')).toBe(
      `/profile/${author.user.username}`,
    );
    for (const label of ['Reads', 'Likes', 'Comments', 'Published']) {
      expect(await page.getByTestId('story-stats').textContent()).toContain(label);
    }
    expect(await page.getByTestId('stat-published').textContent()).toMatch(/just now|\dm ago/);
    expect(await page.getByTestId('story-genre').textContent()).toBe('Fantasy');
    const tag = page.getByTestId('story-tags').getByRole('link', { name: 'night shift' });
    expect(await tag.getAttribute('href')).toBe('/stories?q=night%20shift');
    expect(await page.getByTestId('read-button').textContent()).toBe('Start Reading');
    expect(await page.getByTestId('follow-button').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Story' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Details' }).click();
    const details = await page.getByTestId('story-details').textContent();
    for (const text of ['Genre', 'Published', 'Last Updated', 'Visibility', 'Public']) {
      expect(details).toContain(text);
    }
    expect(details).toContain('Total Reads');
    expect(details).toContain('Total Likes');

    await page.getByTestId('like-button').click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
  });

  it('copies the story link with Share', async () => {
    const page = await openStory(story.id);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, 'Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL()}/stories/${story.id}`,
    );
  });

  it('gives the author Edit Story and Share, no Follow, and shows their private story', async () => {
    const page = await openStory(hidden.id, { storageState: author.storageState });
    expect(await page.getByRole('link', { name: 'Edit Story' }).getAttribute('href')).toBe(
      `/stories/${hidden.id}/edit`,
    );
    expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
    expect(await page.getByTestId('follow-button').count()).toBe(0);
    expect(await page.getByTestId('like-button').count()).toBe(0);
    expect(await page.getByText('Private', { exact: true }).first().isVisible()).toBe(true);
  });

  it(
    'lets a signed-in reader like, save and follow, and keeps it after a reload',
    async () => {
      const fan = await signedInSession(newUser('fan'));
      const page = await openStory(story.id, { storageState: fan.storageState });
      await networkQuiet(page);
      const card = page.getByTestId('author-card');
      expect(await card.textContent()).toContain('0 followers');

      await page.getByTestId('follow-button').click();
      await expectToast(page, 'Following!');
      await expect.poll(() => page.getByTestId('follow-button').textContent()).toBe('Following');
      await expect.poll(() => card.textContent()).toContain('1 follower');
      await page.getByTestId('like-button').click();
      await expect.poll(() => page.getByTestId('like-button').textContent()).toBe('Liked1');
      await expect.poll(() => page.getByTestId('stat-likes').textContent()).toContain('1');
      await page.getByTestId('save-button').click();
      await expect.poll(() => page.getByTestId('save-button').textContent()).toBe('Saved');

      await reloadLive(page);
      await page.getByTestId('story-detail-page').waitFor();
      await expect.poll(() => page.getByTestId('follow-button').textContent()).toBe('Following');
      expect(await page.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('save-button').getAttribute('aria-pressed')).toBe('true');

      // Undo, so the other tests see the story as they made it.
      await page.getByTestId('like-button').click();
      await expect.poll(() => page.getByTestId('like-button').textContent()).toBe('Like0');
      await page.getByTestId('follow-button').click();
      await expect.poll(() => card.textContent()).toContain('0 followers');
    },
    SLOW,
  );

  it('says Story not found for an unknown id', async () => {
    const page = await openPage(storyPath('01a2b3c4-0000-7000-8000-000000000000'));
    await page.getByTestId('story-not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Story not found');
    const notFound = page.getByTestId('story-not-found');
    expect(await notFound.getByRole('link', { name: 'Browse Stories' }).getAttribute('href')).toBe(
      '/stories',
    );
  });

  it(
    'sends another user away from a private story with the spec message',
    async () => {
      const other = await signedInSession(newUser('curious'));
      for (const path of [storyPath(hidden.id), readerPath(hidden.id)]) {
        const page = await openPage(path, { storageState: other.storageState });
        await expectToast(page, PRIVATE_MESSAGE);
        await page.waitForURL((url) => url.pathname === '/stories');
        expect(await page.getByText('Nobody else reads this.').count()).toBe(0);
      }
    },
    SLOW,
  );

  it('puts the story into the title and Open Graph tags of the served HTML', async () => {
    const html = await (await fetch(`${baseURL()}/stories/${story.id}`)).text();
    const escapedTitle = 'The Lamplighter&#39;s Almanac &amp; &quot;Other&quot; Tales';
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta property="og:description" content="${DESCRIPTION}" />`);
    expect(html).toContain(`<title>${escapedTitle} — Storyloom</title>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL()}/stories/${story.id}" />`);

    const hiddenHtml = await (await fetch(`${baseURL()}/stories/${hidden.id}`)).text();
    expect(hiddenHtml).not.toContain('og:title');
    expect(hiddenHtml).not.toContain('Ledger of Secrets');
  });
});

describe('reading: the reader', () => {
  it(
    'reads every chapter with Next and the arrow keys to the end card; a reload keeps the chapter',
    async () => {
      const page = await openStory(story.id);
      await page.getByTestId('read-button').click();
      await page.getByTestId('chapter').waitFor();
      await expectChapter(page, 1);
      expect(await page.title()).toBe(`${CHAPTER_TITLES[0]} · ${TITLE} — Storyloom`);
      expect(await page.getByTestId('previous-chapter').isDisabled()).toBe(true);
      expect(await page.getByTestId('end-card').count()).toBe(0);

      // Next from the bottom of the page starts chapter 2 at the top.
      await page.getByTestId('next-chapter').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await page.getByTestId('next-chapter').click();
      await expectChapter(page, 2);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await reloadLive(page);
      await page.getByTestId('chapter').waitFor();
      await expectChapter(page, 2);

      await page.keyboard.press('ArrowRight');
      await expectChapter(page, 3);
      await page.getByTestId('end-card').waitFor();
      expect(await page.getByTestId('end-card').textContent()).toContain("You've reached the end!");
      expect(await page.getByTestId('next-chapter').isDisabled()).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expectChapter(page, 3);

      await page.keyboard.press('ArrowLeft');
      await expectChapter(page, 2);
      expect(await page.getByTestId('end-card').count()).toBe(0);

      // The drawer lists every chapter and marks the open one; picking one opens it.
      await page.getByTestId('open-chapters').click();
      const drawer = page.getByTestId('chapters-drawer');
      await drawer.waitFor();
      expect(await drawer.getByRole('link').allTextContents()).toEqual(
        CHAPTER_TITLES.map((title, i) => `${i + 1}${title}`),
      );
      expect(await drawer.locator('[aria-current="page"]').textContent()).toBe('2Oil and Wick');
      // Arrow keys belong to the drawer while it is open.
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => window.location.search)).toBe('?chapter=2');
      expect(await indicator(page)).toBe('Chapter 2 of 3');
      await drawer.getByRole('link', { name: /Dawn Rounds/ }).click();
      await drawer.waitFor({ state: 'detached' });
      await expectChapter(page, 3);

      const endCard = page.getByTestId('end-card');
      expect(
        await endCard.getByRole('link', { name: 'Browse More Stories' }).getAttribute('href'),
      ).toBe('/stories');
      await endCard.getByRole('link', { name: 'Back to Story' }).click();
      await page.waitForURL((url) => url.pathname === storyPath(story.id));

      // The visitor's reads were counted by the server.
      const counted = await chaptersViaApi(author.accessToken, story.id);
      for (const chapter of counted) expect(chapter).toMatchObject({ published: true });
      const { data } = await apiAs<ChapterPayload[]>(null, `/chapters/by-story/${story.id}`);
      expect(data.map((c) => (c as ChapterPayload & { reads_count: number }).reads_count)).toEqual([
        1, 1, 1,
      ]);
    },
    SLOW,
  );

  it('opens the chapter a link names, and the last one for a number past the end', async () => {
    const page = await openReader(story.id, 3, { viewport: PHONE });
    await expectChapter(page, 3);
    const past = await openReader(story.id, 42);
    await expectChapter(past, 3);
  });

  it(
    'applies every reading setting at once, keeps them across a reload, and resets to the defaults',
    async () => {
      const page = await openReader(story.id, 1);
      expect(await typography(page)).toMatchObject({
        fontSize: '18px',
        lineHeight: `${18 * 1.8}px`,
        textAlign: 'left',
        theme: 'auto',
        background: PAPER.light,
      });
      expect((await typography(page)).fontFamily).toContain('Georgia');

      await page.getByTestId('open-settings').click();
      const dialog = page.getByTestId('reading-settings');
      await dialog.waitFor();

      // Each theme recolours the reading surface.
      const backgrounds = new Set<string>();
      for (const theme of ['Sepia', 'Dark', 'Night', 'Light', 'Sepia']) {
        await dialog.getByRole('radio', { name: theme }).click();
        await expect.poll(async () => (await typography(page)).theme).toBe(theme.toLowerCase());
        backgrounds.add((await typography(page)).background);
      }
      expect(backgrounds.size).toBe(4);

      const fontSize = dialog.getByRole('slider', { name: 'Font Size' });
      await fontSize.focus();
      await page.keyboard.press('End');
      await expect.poll(async () => (await typography(page)).fontSize).toBe('32px');
      await page.keyboard.press('Home');
      await expect.poll(async () => (await typography(page)).fontSize).toBe('12px');
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await typography(page)).fontSize).toBe('24px');
      expect(await dialog.getByTestId('reader-font-size-value').textContent()).toBe('24px');
      expect(await fontSize.getAttribute('aria-valuemin')).toBe('12');
      expect(await fontSize.getAttribute('aria-valuemax')).toBe('32');

      const lineHeight = dialog.getByRole('slider', { name: 'Line Height' });
      await lineHeight.focus();
      await page.keyboard.press('Home');
      await expect.poll(() => lineHeight.getAttribute('aria-valuenow')).toBe('1.2');
      await page.keyboard.press('End');
      await expect.poll(() => lineHeight.getAttribute('aria-valuenow')).toBe('2.5');
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => dialog.getByTestId('reader-line-height-value').textContent())
        .toBe('1.5');
      await expect.poll(async () => (await typography(page)).lineHeight).toBe(`${24 * 1.5}px`);

      for (const [family, font] of [
        ['Sans-serif', 'Inter'],
        ['Monospace', 'Courier'],
      ]) {
        await dialog.getByRole('radio', { name: new RegExp(`^${family}`) }).click();
        await expect.poll(async () => (await typography(page)).fontFamily).toContain(font);
      }
      for (const align of ['Center', 'Justify']) {
        await dialog.getByRole('radio', { name: align }).click();
        await expect.poll(async () => (await typography(page)).textAlign).toBe(align.toLowerCase());
      }
      // Arrow keys inside the dialog never turn the page.
      expect(await indicator(page)).toBe('Chapter 1 of 3');

      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      const chosen = {
        fontSize: 24,
        lineHeight: 1.5,
        fontFamily: 'monospace',
        textAlign: 'justify',
        theme: 'sepia',
      };
      expect(await storedPreferences(page)).toEqual(chosen);

      await reloadLive(page);
      await page.getByTestId('chapter').waitFor();
      expect(await typography(page)).toMatchObject({
        fontSize: '24px',
        lineHeight: '36px',
        textAlign: 'justify',
        theme: 'sepia',
      });
      expect((await typography(page)).fontFamily).toContain('Courier');
      await page.getByTestId('open-settings').click();
      await dialog.waitFor();
      for (const name of ['Sepia', /^Monospace/, 'Justify']) {
        expect(await dialog.getByRole('radio', { name }).getAttribute('aria-checked')).toBe('true');
      }
      expect(
        await dialog.getByRole('slider', { name: 'Font Size' }).getAttribute('aria-valuenow'),
      ).toBe('24');

      await dialog.getByRole('button', { name: 'Reset to Default' }).click();
      await expect.poll(async () => (await typography(page)).fontSize).toBe('18px');
      expect(await typography(page)).toMatchObject({
        lineHeight: `${18 * 1.8}px`,
        textAlign: 'left',
        theme: 'auto',
        background: PAPER.light,
      });
      expect((await typography(page)).fontFamily).toContain('Georgia');
      expect(await storedPreferences(page)).toEqual(DEFAULTS);
    },
    SLOW,
  );

  it('falls back to the defaults for stored values outside the allowed ones', async () => {
    const page = await openReader(story.id, 1);
    await page.evaluate(() =>
      localStorage.setItem(
        'reading-preferences',
        JSON.stringify({ fontSize: 99, lineHeight: 1.6, fontFamily: 'comic', theme: 'neon' }),
      ),
    );
    await reloadLive(page);
    await page.getByTestId('chapter').waitFor();
    expect(await typography(page)).toMatchObject({
      fontSize: '18px',
      lineHeight: `${18 * 1.6}px`,
      textAlign: 'left',
      theme: 'auto',
      background: PAPER.light,
    });
    expect((await typography(page)).fontFamily).toContain('Georgia');
  });

  it("continues a signed-in reader's story where they stopped", async () => {
    const reader = await signedInSession(newUser('nightowl'));
    await openReader(story.id, 2, { storageState: reader.storageState });
    await expect
      .poll(async () => {
        const { data } = await apiAs<{ progress?: { chapter_id: string } | null }>(
          reader.accessToken,
          `/stories/${story.id}`,
        );
        return data.progress?.chapter_id;
      })
      .toBe(chapters[1]!.id);

    const page = await openStory(story.id, { storageState: reader.storageState });
    const button = page.getByTestId('read-button');
    await expect.poll(() => button.textContent()).toContain('Continue Reading');
    expect(await button.textContent()).toContain('Chapter 2');
    await button.click();
    await page.getByTestId('chapter').waitFor();
    await expectChapter(page, 2);
  });

  it('sends the reader of a story without published chapters back with No Chapters', async () => {
    const page = await openPage(readerPath(empty.id));
    await expectToast(page, 'No Chapters', "This story doesn't have any published chapters yet");
    await page.waitForURL((url) => url.pathname === storyPath(empty.id));
    await page.getByTestId('story-detail-page').waitFor();
  });
});

/** The data-testid of what has focus (its tag name when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('data-testid') ?? active?.tagName ?? null;
  });

describe('reading: dialogs give focus back', () => {
  it(
    'to the button that opened settings or chapters: on Escape, the close button and a click outside',
    async () => {
      const page = await openReader(story.id, 1);
      const overlays = [
        ['open-settings', 'reading-settings'],
        ['open-chapters', 'chapters-drawer'],
      ] as const;
      for (const [trigger, overlay] of overlays) {
        const dialog = page.getByTestId(overlay);
        const pressEscape = () => page.keyboard.press('Escape');
        const ways = [
          ['keyboard', 'Escape', pressEscape],
          ['mouse', 'Escape', pressEscape],
          [
            'mouse',
            'its close button',
            () => dialog.getByRole('button', { name: 'Close' }).click(),
          ],
          // The backdrop, right of the centred card and of the left drawer.
          [
            'mouse',
            'a click outside',
            () => page.mouse.click(DESKTOP.width - 8, DESKTOP.height / 2),
          ],
        ] as const;
        for (const [opener, how, close] of ways) {
          const step = `${overlay}, opened with the ${opener}, closed with ${how}`;
          if (opener === 'keyboard') {
            await page.getByTestId(trigger).focus();
            await page.keyboard.press('Enter');
          } else {
            await page.getByTestId(trigger).click();
          }
          await dialog.waitFor();
          await expect.poll(() => focused(page), { message: step }).not.toBe(trigger);
          await close();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => focused(page), { message: step }).toBe(trigger);
        }
      }
      // Picking a chapter still sends focus to its heading, not back to the drawer's button.
      await page.getByTestId('open-chapters').click();
      await page
        .getByTestId('chapters-drawer')
        .getByRole('link', { name: /Oil and Wick/ })
        .click();
      await expectChapter(page, 2);
      await expect.poll(() => focused(page)).toBe('chapter-title');
    },
    SLOW,
  );

  it('to the top bar’s menu button on a phone (a dialog whose code loads on demand)', async () => {
    const page = await openReader(story.id, 1, { viewport: PHONE });
    await page.getByTestId('mobile-menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('mobile-menu-button');
  });
});

describe('reading: the reading theme', () => {
  it(
    'follows a dark site until one is picked; a pick stays, and the top bar and dialogs take it',
    async () => {
      // The site is dark by the device's preference; no reading theme stored.
      const page = await openReader(story.id, 1, { colorScheme: 'dark' });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        true,
      );
      expect(await typography(page)).toMatchObject({ theme: 'auto', background: PAPER.dark });
      const chrome = () =>
        paintedBackgrounds(page, [
          '[data-testid="reader-page"]',
          '[data-top-bar]',
          '[data-testid="reader-header"]',
          'body',
        ]);
      const parts = await chrome();
      for (const part of parts) expect(sameRgb(part.rgb, parts[0]!.rgb), part.colour).toBe(true);

      // The settings say no theme is picked yet, and are in the reading theme too.
      await page.getByTestId('open-settings').click();
      const dialog = page.getByTestId('reading-settings');
      await dialog.waitFor();
      const themes = dialog.getByRole('radiogroup', { name: 'Theme' });
      expect(await themes.locator('[aria-checked="true"]').count()).toBe(0);
      expect(await themes.getAttribute('aria-describedby')).toBeTruthy();
      expect(await dialog.textContent()).toContain('the page follows the site');

      await dialog.getByRole('radio', { name: 'Sepia' }).click();
      await expect.poll(async () => (await typography(page)).background).toBe(PAPER.sepia);
      expect(await storedPreferences(page)).toMatchObject({ theme: 'sepia' });
      expect(await themes.locator('[aria-checked="true"]').textContent()).toContain('Sepia');
      const [paper, topBar, header, settings] = await paintedBackgrounds(page, [
        '[data-testid="reader-page"]',
        '[data-top-bar]',
        '[data-testid="reader-header"]',
        '[data-testid="reading-settings"]',
      ]);
      expect(paper!.colour).toBe(PAPER.sepia);
      // The top bar is the sepia paper, a little translucent over the page.
      expect(sameRgb(topBar!.rgb, paper!.rgb), topBar!.colour).toBe(true);
      expect(topBar!.alpha).toBeGreaterThan(0.5);
      expect(sameRgb(header!.rgb, paper!.rgb), header!.colour).toBe(true);
      // The dialog's card is sepia's warm card, not the site's dark one.
      expect(settings!.colour).toBe('oklch(0.97 0.025 85)');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The site going light does not undo a pick; a reload keeps it too.
      await page.emulateMedia({ colorScheme: 'light' });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(false);
      expect((await typography(page)).background).toBe(PAPER.sepia);
      await reloadLive(page);
      await page.getByTestId('chapter').waitFor();
      expect(await typography(page)).toMatchObject({ theme: 'sepia', background: PAPER.sepia });

      // Reset to Default follows the site again: light now, dark once the site is.
      await page.getByTestId('open-settings').click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Reset to Default' }).click();
      await expect.poll(async () => (await typography(page)).theme).toBe('auto');
      expect((await typography(page)).background).toBe(PAPER.light);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(async () => (await typography(page)).background).toBe(PAPER.dark);
    },
    SLOW,
  );

  it('leaves the rest of the site in its own theme', async () => {
    const page = await openReader(story.id, 1, { colorScheme: 'dark' });
    await page.getByTestId('open-settings').click();
    await page.getByTestId('reading-settings').getByRole('radio', { name: 'Sepia' }).click();
    await expect.poll(async () => (await typography(page)).background).toBe(PAPER.sepia);
    await page.keyboard.press('Escape');
    await page.getByTestId('reader-back').click();
    await page.getByTestId('story-detail-page').waitFor();
    const [body] = await paintedBackgrounds(page, ['body']);
    // The site's dark background (styles.css), not the sepia paper.
    expect(body!.colour).toBe('oklch(0.16 0.015 286)');
  });
});

describe('reading: reading mode on a phone', () => {
  /** Whether each bar is on screen (a hidden one is slid up out of the window). */
  const bars = (page: Page) =>
    page.evaluate(() => {
      const bottom = (selector: string) =>
        document.querySelector(selector)!.getBoundingClientRect().bottom;
      return {
        topBar: bottom('[data-top-bar]') > 1,
        header: bottom('[data-testid="reader-header"]') > 1,
      };
    });
  const shown = { topBar: true, header: true };
  const hidden = { topBar: false, header: false };
  const progressOf = async (page: Page) =>
    Number(
      await page
        .getByRole('progressbar', { name: 'Chapter progress' })
        .getAttribute('aria-valuenow'),
    );

  it(
    'hides the bars while scrolling down and brings them back on scroll up, a tap or focus; progress grows',
    async () => {
      const page = await openReader(story.id, 1, { viewport: PHONE });
      expect(await bars(page)).toEqual(shown);
      expect(await progressOf(page)).toBe(0);

      await page.mouse.wheel(0, 700);
      await expect.poll(() => bars(page)).toEqual(hidden);
      await expect.poll(() => progressOf(page)).toBeGreaterThan(0);
      const partWay = await progressOf(page);
      await page.mouse.wheel(0, 700);
      await expect.poll(() => progressOf(page)).toBeGreaterThan(partWay);
      expect(await bars(page)).toEqual(hidden);

      // Up a little: both come back, the header pinned under the top bar.
      await page.mouse.wheel(0, -120);
      await expect.poll(() => bars(page)).toEqual(shown);
      const pinned = () =>
        page.evaluate(() => {
          const [topBar, header] = ['[data-top-bar]', '[data-testid="reader-header"]'].map(
            (selector) => document.querySelector(selector)!.getBoundingClientRect(),
          );
          return {
            topBar: Math.round(topBar!.top),
            header: Math.round(header!.top - topBar!.bottom),
          };
        });
      // Once they have slid in (no transition left).
      await expect.poll(pinned).toEqual({ topBar: 0, header: 0 });

      // A tap in the text brings them back.
      await page.mouse.wheel(0, 500);
      await expect.poll(() => bars(page)).toEqual(hidden);
      await page.mouse.click(PHONE.width / 2, PHONE.height / 2);
      await expect.poll(() => bars(page)).toEqual(shown);

      // So does focus going into one (a keyboard user never works in a hidden bar).
      await page.mouse.wheel(0, 500);
      await expect.poll(() => bars(page)).toEqual(hidden);
      await page.getByTestId('open-settings').focus();
      await expect.poll(() => bars(page)).toEqual(shown);
      // And scrolling does not hide them while focus is in one.
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(300);
      expect(await bars(page)).toEqual(shown);

      // The end of the chapter is the whole of it.
      await page.getByTestId('next-chapter').scrollIntoViewIfNeeded();
      await expect.poll(() => progressOf(page)).toBe(100);
      // A new chapter starts at the top, with the bars and no progress.
      await page.getByTestId('next-chapter').click();
      await expectChapter(page, 2);
      await expect.poll(() => bars(page)).toEqual(shown);
      await expect.poll(() => progressOf(page)).toBe(0);
    },
    SLOW,
  );

  it('slides nothing under reduced motion, and keeps the bars on a wide screen', async () => {
    const page = await openReader(story.id, 1, { viewport: PHONE });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const slide = () =>
      page.evaluate(() =>
        ['[data-top-bar]', '[data-testid="reader-header"]'].map((selector) =>
          Number.parseFloat(getComputedStyle(document.querySelector(selector)!).transitionDuration),
        ),
      );
    for (const seconds of await slide()) expect(seconds).toBeLessThan(0.001);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => bars(page)).toEqual(hidden);

    const wide = await openReader(story.id, 1);
    await wide.mouse.wheel(0, 700);
    await expect.poll(() => wide.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await wide.waitForTimeout(300);
    expect(await wide.evaluate(() => document.documentElement.dataset.readerBars)).toBeUndefined();
    expect((await bars(wide)).topBar).toBe(true);
    expect(await progressOf(wide)).toBeGreaterThan(0);
  });
});

describe('reading: accessibility', () => {
  it(
    'has no serious or critical axe violations on the story page, light and dark',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await openStory(story.id, { colorScheme });
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page)).toEqual([]);
      }
    },
    SLOW,
  );

  for (const colorScheme of ['light', 'dark'] as const) {
    it(
      `has no serious or critical axe violations in the reader on a ${colorScheme} site, in every theme, with settings and chapters open`,
      async () => {
        const page = await openReader(story.id, 3, { colorScheme });
        for (const theme of ['auto', 'light', 'sepia', 'dark', 'night']) {
          await page.evaluate(
            (value) =>
              localStorage.setItem('reading-preferences', JSON.stringify({ theme: value })),
            theme,
          );
          await reloadLive(page);
          await page.getByTestId('end-card').waitFor();
          expect((await typography(page)).theme).toBe(theme);
          expect(await seriousViolations(page), theme).toEqual([]);
          // The reader's dialogs are in the reading theme too: each must read as well.
          if (theme === 'auto' || theme === 'night' || theme === 'sepia') {
            await page.getByTestId('open-settings').click();
            await page.getByTestId('reading-settings').waitFor();
            expect(await seriousViolations(page), `${theme}, settings`).toEqual([]);
            await page.keyboard.press('Escape');
            await page.getByTestId('reading-settings').waitFor({ state: 'detached' });
          }
        }
        await page.getByTestId('open-chapters').click();
        await page.getByTestId('chapters-drawer').waitFor();
        expect(await seriousViolations(page), 'night, chapters').toEqual([]);
      },
      SLOW,
    );
  }
});
