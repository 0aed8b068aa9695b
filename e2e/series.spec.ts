import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, PHONE, useBrowser } from './support/browser.js';
import { createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Series (issue 22, docs/decisions/029-series.md): an author makes a three-part series on My
 * Stories; a reader on part 2 reads "Part 2 of …", goes to the previous and the next part, and
 * the series page lists the parts in order.
 */
const { openPage } = useBrowser();
const SLOW = 150_000;

const partTitles = (page: Page) => page.getByTestId('my-series-part').allTextContents();

describe('series', () => {
  it('are made on My Stories and read part by part', { timeout: SLOW }, async () => {
    const tag = Date.now().toString(36);
    const saga = `The Saltmarsh Saga ${tag}`;
    const author = await signedInSession();
    const parts: { id: string; title: string }[] = [];
    for (const name of ['Low Tide', 'Slack Water', 'Flood Tide'])
      parts.push(
        await createStoryViaApi(author.accessToken, {
          title: `${name} ${tag}`,
          chapters: [{ title: 'One', content: `<p>${name} begins.</p>` }],
        }),
      );
    const [one, two, three] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];

    const page = await openPage('/my-stories', { storageState: author.storageState });
    await page.getByTestId('my-series-section').waitFor();
    await page.getByTestId('new-series-title').fill(saga);
    await page.getByTestId('new-series').click();
    await expectToast(page, 'Series created');
    const card = page.getByTestId('my-series').filter({ hasText: saga });
    await card.waitFor();
    // Added out of order, then the last moved up: the order is the author's.
    for (const story of [one, three, two]) {
      const before = (await partTitles(page)).length;
      await card.getByTestId('my-series-add-select').selectOption(story.id);
      await card.getByRole('button', { name: 'Add' }).click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="my-series-part"]').length === n,
        before + 1,
      );
    }
    expect(await partTitles(page)).toEqual([one.title, three.title, two.title]);
    await card.getByRole('button', { name: `Move ${two.title} up` }).click();
    await page.waitForFunction(
      (title) =>
        document.querySelectorAll('[data-testid="my-series-part"]')[1]?.textContent === title,
      two.title,
    );
    expect(await partTitles(page)).toEqual([one.title, two.title, three.title]);
    expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);

    // A visitor on part 2.
    const reader = await openPage(`/stories/${two.id}`);
    const nav = reader.getByTestId('series-nav');
    await nav.waitFor();
    expect(await nav.textContent()).toContain(`Part 2 of ${saga}`);
    expect(await seriousViolations(reader)).toEqual([]);
    await nav.getByTestId('series-previous').click();
    await reader.waitForURL(`**/stories/${one.id}`);
    expect(await reader.getByTestId('series-nav').textContent()).toContain(`Part 1 of ${saga}`);
    expect(await reader.getByTestId('series-previous').count()).toBe(0);
    await reader.getByTestId('series-next').click();
    await reader.waitForURL(`**/stories/${two.id}`);
    await reader.getByTestId('series-nav').filter({ hasText: 'Part 2 of' }).waitFor();
    await reader.getByTestId('series-next').click();
    await reader.waitForURL(`**/stories/${three.id}`);
    await reader.getByTestId('series-nav').filter({ hasText: 'Part 3 of' }).waitFor();
    expect(await reader.getByTestId('series-next').count()).toBe(0);

    await reader.getByTestId('series-link').click();
    await reader.waitForURL(/\/series\/[0-9a-f-]{36}$/);
    await reader.getByTestId('series-part').first().waitFor();
    expect(await reader.locator('h1').textContent()).toBe(saga);
    const listed = await reader.getByTestId('series-part').allTextContents();
    expect(listed.map((text) => text.slice(0, 6))).toEqual(['Part 1', 'Part 2', 'Part 3']);
    expect(listed[1]).toContain(two.title);
    expect(await seriousViolations(reader)).toEqual([]);

    // The series page on a phone, dark.
    const phone = await openPage(new URL(reader.url()).pathname, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    await phone.getByTestId('series-part').first().waitFor();
    expect(await phone.getByTestId('series-part').count()).toBe(3);
    expect(await seriousViolations(phone)).toEqual([]);
    await gotoLive(phone, `/stories/${two.id}`);
    await phone.getByTestId('series-nav').waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
