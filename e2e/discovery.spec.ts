import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, reloadLive, useBrowser } from './support/browser.js';
import { apiAs, createStoryViaApi } from './support/stories.js';

const { openPage } = useBrowser();

type Session = Awaited<ReturnType<typeof signedInSession>>;

/** A word only this run's stories use, so other spec files' stories never match it. */
const WORD = `quorvex${randomBytes(3).toString('hex')}`;
const SECRET = `zyphrandel${randomBytes(3).toString('hex')}`;
const titleOf = (n: number) => `${WORD} Chronicle ${n}`;
/** 15 public stories: 1–8 Fantasy, 9–15 Mystery (created in that order). */
const STORIES = Array.from({ length: 15 }, (_, i) => ({
  title: titleOf(i + 1),
  genre: i < 8 ? 'Fantasy' : 'Mystery',
}));

let author: Session;

beforeAll(async () => {
  author = await signedInSession(newUser('chronicler'));
  for (const story of STORIES) {
    await createStoryViaApi(author.accessToken, {
      ...story,
      chapters: [{ title: 'Opening', content: '<p>The first page of many.</p>' }],
    });
  }
  await createStoryViaApi(author.accessToken, {
    title: `${SECRET} ${WORD} Vault`,
    genre: 'Fantasy',
    visibility: 'private',
  });
});

const count = (page: Page) => page.getByTestId('result-count');
const cardTitles = (page: Page) =>
  page.getByTestId('discover-results').locator('article h3').allTextContents();

async function expectCount(page: Page, text: string) {
  await count(page).filter({ hasText: text }).waitFor();
}

describe('discover and search', () => {
  it('top-bar search lands on the results and never shows a private story', async () => {
    const page = await openPage('/');
    await page.getByTestId('search-input').fill(`  ${WORD}  `);
    await page.getByTestId('search-input').press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/stories' && url.searchParams.get('q') === WORD,
    );
    await expectCount(page, '15 stories found');
    expect(await page.title()).toContain(WORD);
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(12);
    expect(titles.every((title) => title.startsWith(WORD))).toBe(true);
    expect(await page.getByText(SECRET).count()).toBe(0);

    // A title word alone finds its story; the private story's own title finds nothing.
    await page.getByTestId('discover-search').fill('Chronicle 15');
    await page.getByTestId('discover-search').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Chronicle 15');
    await page
      .getByTestId('discover-results')
      .getByRole('link', { name: titleOf(15) })
      .waitFor();

    await gotoLive(page, `/stories?q=${SECRET}`);
    await page.getByTestId('discover-empty').getByText('No stories found').waitFor();
    await expectCount(page, '0 stories found');
    // The query itself shows in the heading and its chip; no story card carries it.
    expect(await page.locator('article', { hasText: SECRET }).count()).toBe(0);
  });

  it('filters, sorts, pages and removes chips, with the URL as the state', async () => {
    const page = await openPage(`/stories?q=${WORD}`);
    await expectCount(page, '15 stories found');

    // Pager: 12 a page, so two page buttons.
    const pager = page.getByTestId('pager');
    expect(await pager.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(2);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await pager.locator('[aria-current="page"]', { hasText: '2' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="discover-results"] article').length === 3,
    );
    const secondPage = await cardTitles(page);

    // A genre starts again at page 1.
    await page.getByTestId('genre-select').selectOption('Mystery');
    await page.waitForURL((url) => url.searchParams.get('genre') === 'Mystery');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expectCount(page, '7 stories found');
    expect((await cardTitles(page)).length).toBe(7);
    expect(await page.getByTestId('pager').count()).toBe(0);

    // Latest first: the last Mystery story created leads.
    await page.getByTestId('sort-select').selectOption('latest');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'latest');
    await page.getByTestId('chip-sort').getByText('Sort: Latest').waitFor();
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid="discover-results"] article h3')?.textContent ===
        first,
      titleOf(15),
    );
    expect(await cardTitles(page)).toEqual(
      STORIES.slice(8)
        .map((s) => s.title)
        .reverse(),
    );

    // Removing the genre chip widens the results again.
    await page.getByTestId('chip-genre').click();
    await page.waitForURL((url) => !url.searchParams.has('genre'));
    await expectCount(page, '15 stories found');
    expect(await page.getByTestId('chip-genre').count()).toBe(0);

    // Back restores the URL and what it shows.
    await page.goBack();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('genre') === 'Mystery' && url.searchParams.get('sort') === 'latest',
    );
    await expectCount(page, '7 stories found');
    expect(await page.getByTestId('genre-select').inputValue()).toBe('Mystery');
    await page.goBack();
    await page.waitForURL(
      (url) => url.searchParams.get('genre') === 'Mystery' && !url.searchParams.has('sort'),
    );
    await page.goBack();
    await page.waitForURL(
      (url) => url.searchParams.get('page') === '2' && !url.searchParams.has('genre'),
    );
    await expectCount(page, '15 stories found');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="discover-results"] article').length === 3,
    );
    expect(await cardTitles(page)).toEqual(secondPage);
  });

  it('a page past the end, or past the result window, is empty and leads back to page 1', async () => {
    for (const pageNumber of [3, 999]) {
      const page = await openPage(`/stories?q=${WORD}&page=${pageNumber}`);
      const empty = page.getByTestId('discover-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain('This page is past the last one.');
      await expectCount(page, '15 stories found');
      expect(await page.getByText('Some fields are invalid').count()).toBe(0);
      await empty.getByRole('button', { name: 'Go to the first page' }).click();
      await page.waitForURL((url) => !url.searchParams.has('page'));
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="discover-results"] article').length === 12,
      );
    }
  });

  it('keeps the list view in the URL across a reload', async () => {
    const page = await openPage(`/stories?q=${WORD}`);
    await expectCount(page, '15 stories found');
    const list = page.getByRole('button', { name: 'List view' });
    expect(await list.getAttribute('aria-pressed')).toBe('false');
    await list.click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    await reloadLive(page);
    await expectCount(page, '15 stories found');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('shows the matching author and the visitor panels', async () => {
    const page = await openPage(`/stories?q=${author.user.username}`);
    await page
      .getByTestId('author-matches')
      .getByRole('link', { name: new RegExp(author.user.username) })
      .waitFor();
    await page.getByTestId('editors-picks').waitFor();
    await page.getByTestId('signup-banner').waitFor();
    await page.getByRole('heading', { name: 'Popular Right Now' }).waitFor();
    const picks = await page.getByTestId('pick-author').allTextContents();
    expect(picks.length).toBeGreaterThan(0);
    // Usernames, never a prefix of an id (time-ordered ids share their first characters).
    const usernames = await page.evaluate(async () => {
      const response = await fetch('/api/stories?sort=popular&limit=3');
      const body = (await response.json()) as {
        data: { items: { author: { username: string } }[] };
      };
      return body.data.items.map((story) => story.author.username);
    });
    expect(picks).toEqual(usernames);
  });
});

describe('the feed', () => {
  it('renders its three tabs and fills Following after following a suggested author', async () => {
    const reader = await signedInSession(newUser('follower'));
    const page = await openPage('/feed', { storageState: reader.storageState });
    await page.getByTestId('feed-for-you').locator('article').first().waitFor();
    await page.getByTestId('your-stats').getByText('Stories written').waitFor();
    await page
      .getByTestId('feed-user-card')
      .getByRole('link', { name: new RegExp(reader.user.username) })
      .waitFor();

    await page.getByRole('tab', { name: 'Trending' }).click();
    await page.getByTestId('feed-trending').locator('article').first().waitFor();

    await page.getByRole('tab', { name: 'Following' }).click();
    await page.getByTestId('following-empty').waitFor();

    const suggestion = page.getByTestId('suggested-author').first();
    await suggestion.waitFor();
    const name = (await suggestion.getByTestId('suggested-name').textContent()) ?? '';
    expect(name).not.toBe(reader.user.username);
    await suggestion.getByTestId('follow-button').click();
    await suggestion.getByRole('button', { name: 'Following' }).waitFor();
    await page
      .getByTestId('feed-following')
      .locator('article', { hasText: `by ${name}` })
      .first()
      .waitFor();
  });

  it('shows a followed author’s newest story under Following', async () => {
    const reader = await signedInSession(newUser('fan'));
    const { status } = await apiAs(
      reader.accessToken,
      `/users/${encodeURIComponent(author.user.username)}/follow`,
      { method: 'POST' },
    );
    expect(status).toBe(200);
    const page = await openPage('/feed?tab=following', { storageState: reader.storageState });
    const first = page.getByTestId('feed-following').locator('article h3').first();
    await first.waitFor();
    expect(await first.textContent()).toBe(titleOf(15));
    expect(await page.getByTestId('feed-following').getByText(SECRET).count()).toBe(0);
  });
});

describe('home', () => {
  // Every section shows stories no section above it shows, so all four need more than the 18
  // that Featured, Most Popular and Trending hold: a few more here, so the spec passes alone.
  beforeAll(async () => {
    const host = await signedInSession(newUser('homemaker'));
    for (let i = 1; i <= 8; i += 1) {
      await createStoryViaApi(host.accessToken, {
        title: `Homeward tale ${i}`,
        genre: 'Romance',
        chapters: [{ title: 'Arrival', content: '<p>The door was open.</p>' }],
      });
    }
  });

  it('shows its sections to a visitor', async () => {
    const page = await openPage('/');
    for (const name of [
      'Featured Stories This Week',
      'Explore Genres',
      'Most Popular Stories',
      'Trending This Week',
      'Fresh Off the Press',
      'Monthly Reading Challenge',
    ]) {
      await page.getByRole('heading', { name }).waitFor();
    }
    await page.getByTestId('hero-quote').waitFor();
    await page.getByRole('link', { name: 'Start Reading Free' }).waitFor();
    await page.getByRole('link', { name: 'Join as Writer' }).waitFor();
    expect(await page.getByTestId('home-stats').textContent()).toContain('850K+');
    expect(
      await page
        .getByTestId('home-genres')
        .getByRole('link', { name: /Poetry/ })
        .getAttribute('href'),
    ).toBe('/stories?genre=Poetry');
    const trending = page.getByTestId('home-trending').locator('article');
    await trending.first().waitFor();
    expect(await trending.count()).toBeLessThanOrEqual(8);
    // A card's rank and figures come with their words, which are the alternative text of
    // CSS-drawn icons rather than hidden spans (styles.css), as Chromium computes the text.
    expect(await trending.first().ariaSnapshot()).toMatch(
      /text: Rank 1\n[\s\S]*paragraph: .*Reads: [\d.]+[KM]? Likes: [\d.]+[KM]? Comments: [\d.]+[KM]?"?$/,
    );
    // In eight narrow columns a card's figures move to a line of their own together, never
    // one of them alone.
    const figureLines = await trending.evaluateAll((cards) =>
      cards.map(
        (card) =>
          new Set(
            Array.from(
              card.querySelectorAll('.card-stats > span'),
              (figure) => figure.getBoundingClientRect().top,
            ),
          ).size,
      ),
    );
    expect(figureLines.length).toBeGreaterThan(0);
    expect(figureLines.every((lines) => lines === 1)).toBe(true);
    expect(await page.getByTestId('home-latest').locator('article').count()).toBeLessThanOrEqual(8);
    expect(
      await page.getByTestId('home-most-popular').locator('article').count(),
    ).toBeLessThanOrEqual(4);
    const challenge = page.getByTestId('reading-challenge').getByRole('link', {
      name: 'Start Challenge',
    });
    expect(await challenge.getAttribute('href')).toBe('/auth/signup');
  });
});
