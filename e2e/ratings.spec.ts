import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { DESKTOP, networkQuiet, PHONE, useBrowser } from './support/browser.js';
import { apiAs, expectToast, type StoryPayload } from './support/stories.js';

/**
 * Ratings and the Show mature content switch (issue 21, docs/decisions/023-ratings.md): a
 * visitor and a signed-in reader who has not opted in never meet a Mature story in lists, and
 * meet a notice before its text when they open it by its link; the switch brings it back.
 */
const { openPage } = useBrowser();
const SLOW = 150_000;
/** Set it to a folder to keep screenshots of the badge, the story page and the notice. */
const SHOTS = process.env.RATINGS_SHOTS_DIR;

type Session = Awaited<ReturnType<typeof signedInSession>>;
const WORD = `moonwhistle${Date.now().toString(36)}`;
const CHAPTER_TEXT = 'The lamps went out one by one along the pier.';

let author: Session;
let general: StoryPayload;
let mature: StoryPayload;

async function createStory(body: Record<string, unknown>) {
  const { status, data } = await apiAs<StoryPayload>(author.accessToken, '/stories/json', {
    method: 'POST',
    body: JSON.stringify({
      genre: 'Drama',
      chapters: [{ title: 'The pier', content: `<p>${CHAPTER_TEXT}</p>` }],
      ...body,
    }),
  });
  if (status !== 201) throw new Error(`creating a story answered ${status}`);
  return data;
}

beforeAll(async () => {
  author = await signedInSession(newUser('rater'));
  general = await createStory({ title: `Garden of ${WORD}`, description: 'For everyone.' });
  mature = await createStory({
    title: `After Dark at ${WORD}`,
    description: 'Not for everyone.',
    rating: 'mature',
    warnings: ['violence', 'major_character_death'],
  });
});

/** What the page shows (the text of its elements, not of its scripts or their data). */
const shownText = (page: Page) => page.evaluate(() => document.body.innerText);

/** Client-side navigation, so the app's query cache lives on between the pages. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

const card = (page: Page, title: string) =>
  page.getByTestId('discover-results').locator('article.card', { hasText: title });

/** The search results for this spec's word, settled. */
async function results(page: Page) {
  await page.getByText(`Garden of ${WORD}`).first().waitFor();
  await networkQuiet(page);
  return {
    general: await card(page, `Garden of ${WORD}`).count(),
    mature: await card(page, `After Dark at ${WORD}`).count(),
  };
}

async function setShowMature(page: Page, on: boolean) {
  await navigateInApp(page, '/settings?tab=display');
  await page.getByRole('tab', { name: 'Display' }).click();
  const toggle = page.getByRole('switch', { name: 'Show mature content' });
  await toggle.waitFor();
  expect(await toggle.getAttribute('aria-checked')).toBe(String(!on));
  await toggle.click();
  await page.getByTestId('save-settings').click();
  await expectToast(page, 'Settings saved');
}

describe('mature stories and the Show mature content switch', () => {
  it(
    'a visitor never sees them listed, and meets the notice before the chapter text',
    async () => {
      const page = await openPage(`/stories?q=${WORD}`);
      expect(await results(page)).toEqual({ general: 1, mature: 0 });

      // By its link: the notice, and no chapter text anywhere in the page.
      const reader = await openPage(`/stories/${mature.id}/read?chapter=1`);
      const notice = reader.getByTestId('mature-notice');
      await notice.waitFor();
      expect(await notice.getByRole('heading').textContent()).toBe('This story is rated Mature');
      expect(await shownText(reader)).not.toContain(CHAPTER_TEXT);
      await notice.getByRole('button', { name: 'Continue' }).click();
      await reader.getByText(CHAPTER_TEXT).waitFor();

      // The page the server renders (before any script) shows the notice, not the text.
      const bare = await openPage(`/stories/${mature.id}/read?chapter=1`, {
        javaScriptEnabled: false,
      });
      expect(await shownText(bare)).toContain('This story is rated Mature');
      expect(await shownText(bare)).not.toContain(CHAPTER_TEXT);

      // The story page asks too; Go back leaves it.
      const story = await openPage(`/stories/${general.id}`);
      await navigateInApp(story, `/stories/${mature.id}`);
      await story.getByTestId('mature-notice').waitFor();
      await story.getByRole('button', { name: 'Go back' }).click();
      await story.waitForURL((url) => url.pathname === `/stories/${general.id}`);
    },
    SLOW,
  );

  it(
    'a signed-in reader turns the switch on and off and the lists follow at once',
    async () => {
      const reader = await signedInSession(newUser('optin'));
      const page = await openPage(`/stories?q=${WORD}`, { storageState: reader.storageState });
      expect(await results(page)).toEqual({ general: 1, mature: 0 });

      await setShowMature(page, true);
      await navigateInApp(page, `/stories?q=${WORD}`);
      await card(page, `After Dark at ${WORD}`).waitFor();
      expect(await results(page)).toEqual({ general: 1, mature: 1 });
      const badge = card(page, `After Dark at ${WORD}`).locator('[data-rating="mature"]');
      // "Rated " is the badge's alternative text for assistive technology (styles.css).
      expect(await badge.textContent()).toBe('Mature');
      expect(await badge.ariaSnapshot()).toBe('- text: Rated Mature');

      // Opted in: the story opens without the notice, its rating and warnings on the page.
      await card(page, `After Dark at ${WORD}`)
        .getByRole('link', { name: /After Dark/ })
        .click();
      await page.waitForURL((url) => url.pathname === `/stories/${mature.id}`);
      await page.getByRole('heading', { level: 1, name: `After Dark at ${WORD}` }).waitFor();
      expect(await page.getByTestId('mature-notice').count()).toBe(0);
      expect(await page.getByTestId('story-warnings').textContent()).toBe(
        'Warnings: Graphic violence, Major character death',
      );

      await setShowMature(page, false);
      await navigateInApp(page, `/stories?q=${WORD}`);
      await page.waitForFunction(
        (title) =>
          !Array.from(
            document.querySelectorAll('[data-testid="discover-results"] article.card'),
          ).some((el) => el.textContent?.includes(title)),
        `After Dark at ${WORD}`,
      );
      expect(await results(page)).toEqual({ general: 1, mature: 0 });
      await navigateInApp(page, `/stories/${mature.id}`);
      await page.getByTestId('mature-notice').waitFor();
    },
    SLOW,
  );

  it(
    'the author picks a rating and warnings in the editor; the Mature Content switch follows',
    async () => {
      const story = await createStory({ title: `Harbour Notes ${WORD}`, rating: 'teen' });
      const page = await openPage(`/stories/${story.id}/edit`, {
        storageState: author.storageState,
      });
      await page.getByTestId('edit-story-page').waitFor();
      await page.getByRole('tab', { name: 'Settings' }).click();
      const mature = page.getByRole('switch', { name: 'Mature Content' });
      expect(await page.getByLabel('Rating').inputValue()).toBe('teen');
      expect(await mature.getAttribute('aria-checked')).toBe('false');
      await page.getByLabel('Rating').selectOption('explicit');
      expect(await mature.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('checkbox', { name: 'Self-harm or suicide' }).check();
      await page.getByRole('checkbox', { name: 'Graphic violence' }).check();
      await page.getByTestId('save-changes').click();
      await expectToast(page, 'Story Updated!');
      const { data: saved } = await apiAs<StoryPayload & { rating: string; warnings: string[] }>(
        author.accessToken,
        `/stories/${story.id}`,
      );
      expect(saved).toMatchObject({
        rating: 'explicit',
        warnings: ['violence', 'self_harm'],
        settings: { mature_content: true },
      });
      // Switching Mature Content off lowers the rating to Teen.
      await mature.click();
      expect(await page.getByLabel('Rating').inputValue()).toBe('teen');
    },
    SLOW,
  );

  it.skipIf(!SHOTS)(
    'screenshots: a card with its badge, the story page and the notice',
    async () => {
      const optedIn = await signedInSession(newUser('shots'));
      await apiAs(optedIn.accessToken, '/users/me/settings', {
        method: 'PUT',
        body: JSON.stringify({ showMatureContent: true }),
      });
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [name, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const options = { viewport, colorScheme, storageState: optedIn.storageState };
          const list = await openPage(`/stories?q=${WORD}`, options);
          await card(list, `After Dark at ${WORD}`).waitFor();
          await networkQuiet(list);
          await list.screenshot({ path: `${SHOTS}/card-${name}-${colorScheme}.png` });
          const detail = await openPage(`/stories/${mature.id}`, options);
          await detail.getByTestId('story-warnings').waitFor();
          await networkQuiet(detail);
          await detail.screenshot({ path: `${SHOTS}/story-${name}-${colorScheme}.png` });
          const visitor = await openPage(`/stories/${mature.id}/read?chapter=1`, {
            viewport,
            colorScheme,
          });
          await visitor.getByTestId('mature-notice').waitFor();
          await networkQuiet(visitor);
          await visitor.screenshot({ path: `${SHOTS}/notice-${name}-${colorScheme}.png` });
        }
      }
    },
    SLOW * 2,
  );
});
