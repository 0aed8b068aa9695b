import { describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, PHONE, useBrowser } from './support/browser.js';
import { createStoryViaApi } from './support/stories.js';

/**
 * "In chapter text" (issue 23, docs/decisions/032-chapter-text-search.md): a visitor searches
 * Discover for a quoted phrase inside chapters, sees the sentence holding it with the phrase
 * marked, and the result opens the reader scrolled to that paragraph, marked.
 */
const { openPage } = useBrowser();
const SLOW = 120_000;

describe('search inside chapter text', () => {
  it('finds a phrase, shows its sentence marked, and lands on its paragraph', {
    timeout: SLOW,
  }, async () => {
    const tag = Date.now().toString(36);
    const word = `quillon${tag}`;
    const filler = Array.from(
      { length: 40 },
      (_, i) => `<p>Paragraph ${i} of the long road, where nothing much happens yet.</p>`,
    );
    // The phrase is deep in the second chapter: paragraph 33.
    filler.splice(
      33,
      0,
      `<p>The night was cold. She lifted the ${word} lantern high. Then she ran.</p>`,
    );
    const author = await signedInSession();
    const story = await createStoryViaApi(author.accessToken, {
      title: `Lantern Road ${tag}`,
      chapters: [
        { title: 'Setting out', content: '<p>It began at dusk.</p>' },
        { title: 'The long road', content: filler.join('') },
      ],
    });

    const page = await openPage('/stories', { viewport: PHONE });
    await gotoLive(page, '/stories');
    await page.getByRole('button', { name: 'In chapter text' }).click();
    await page.waitForURL(/in=text/);
    await page.getByTestId('discover-search').fill(`"${word} lantern"`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const snippet = page.getByTestId('chapter-hit-snippet').first();
    await snippet.waitFor();
    expect(await page.getByTestId('result-count').textContent()).toBe('1 chapter found');
    // The phrase's own quotes become the heading's: one pair.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `“${word} lantern” in chapter text`,
    );
    expect(await snippet.textContent()).toBe(`She lifted the ${word} lantern high.`);
    expect(await snippet.locator('mark').allTextContents()).toEqual([`${word} lantern`]);
    expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);

    await page.getByTestId('chapter-hit-link').first().click();
    await page.waitForURL(new RegExp(`/stories/${story.id}/read\\?chapter=2$`));
    const found = page.locator('.chapter-paragraph[data-found]');
    await found.waitFor();
    expect(await found.getAttribute('data-paragraph')).toBe('33');
    expect(await found.textContent()).toContain(`${word} lantern high`);
    // Scrolled to: the paragraph is on screen, far below the chapter's start.
    const box = await found.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  it('says "About" before a total estimated from the chapters checked, and counts on the last page', {
    timeout: SLOW,
  }, async () => {
    const tag = Date.now().toString(36);
    const word = `brindle${tag}`;
    const author = await signedInSession();
    await createStoryViaApi(author.accessToken, {
      title: `Embers ${tag}`,
      chapters: Array.from({ length: 45 }, (_, i) => ({
        title: `Ember ${i + 1}`,
        content: `<p>The ${word} ember glowed, night ${i + 1}.</p>`,
      })),
    });

    const page = await openPage('/stories');
    await gotoLive(page, `/stories?in=text&q=${encodeURIComponent(`"${word} ember"`)}`);
    await page.getByTestId('chapter-hit-snippet').first().waitFor();
    // A page of 10 checks the newest 32 of the 45 matching chapters (decision 040).
    expect(await page.getByTestId('result-count').textContent()).toBe('About 45 chapters found');
    await page.getByRole('button', { name: 'Page 5' }).click();
    await page
      .getByTestId('result-count')
      .getByText('45 chapters found', { exact: true })
      .waitFor();
    expect(await page.getByTestId('chapter-hit-snippet').count()).toBe(5);
  });
});
