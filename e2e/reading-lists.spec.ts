import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, PHONE, useBrowser } from './support/browser.js';
import { createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Reading lists (issue 23, docs/decisions/033-reading-lists.md): a reader makes a list from a
 * story's "Add to list" menu, adds another from a story card and a third from its page, orders
 * them on the list's page; another reader follows it; made private, it is gone for others;
 * deleted after a confirmation.
 */
const { openPage } = useBrowser();
const SLOW = 180_000;

const listTitles = (page: Page) =>
  page.getByTestId('list-story').locator('.card-title').allTextContents();

describe('reading lists', () => {
  it('are made, filled, ordered, followed, made private and deleted', {
    timeout: SLOW,
  }, async () => {
    const tag = Date.now().toString(36);
    const name = `Rainy day reads ${tag}`;
    const author = await signedInSession();
    const stories: { id: string; title: string }[] = [];
    for (const title of ['Fog Harbour', 'Glass Orchard', 'Hollow Bells'])
      stories.push(
        await createStoryViaApi(author.accessToken, {
          title: `${title} ${tag}`,
          chapters: [{ title: 'One', content: `<p>${title} begins.</p>` }],
        }),
      );
    const [one, two, three] = stories as [
      (typeof stories)[0],
      (typeof stories)[0],
      (typeof stories)[0],
    ];
    const reader = await signedInSession();

    // From a story's page: a new list with the story in it.
    const page = await openPage(`/stories/${one.id}`, { storageState: reader.storageState });
    await page.getByTestId('add-to-list').click();
    await page.getByTestId('add-to-list-menu').waitFor();
    await page.getByTestId('add-to-new-list').click();
    const form = page.getByTestId('list-form');
    await form.getByLabel('Name').fill(name);
    await form.getByTestId('list-form-submit').click();
    await expectToast(page, `Added to ${name}`);

    // From a story card on the author's profile: the menu shows which lists hold it.
    await gotoLive(page, `/profile/${author.user.username}`);
    await page.getByRole('button', { name: `Add “${two.title}” to a reading list` }).click();
    const item = page.getByTestId('add-to-list-item').filter({ hasText: name });
    await item.waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await item.click();
    await expectToast(page, `Added to ${name}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Add “${one.title}” to a reading list` }).click();
    await page
      .getByTestId('add-to-list-item')
      .filter({ hasText: name })
      .and(page.locator('[aria-checked="true"]'))
      .waitFor();
    await page.keyboard.press('Escape');

    // From the third story's page, by keyboard.
    await gotoLive(page, `/stories/${three.id}`);
    await page.getByTestId('add-to-list').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('add-to-list-item').filter({ hasText: name }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.getByTestId('add-to-list-item').filter({ hasText: name }).press('Enter');
    await expectToast(page, `Added to ${name}`);

    // My lists → the list's page: the stories in the order added; the last moved up.
    await gotoLive(page, '/lists');
    await page.getByTestId('my-lists').getByRole('link', { name }).click();
    await page.waitForURL(/\/lists\/[0-9a-f-]{36}$/);
    const listPath = new URL(page.url()).pathname;
    await page.getByTestId('list-story').nth(2).waitFor();
    expect(await listTitles(page)).toEqual([one.title, two.title, three.title]);
    await page.getByRole('button', { name: `Move “${three.title}” up` }).click();
    await page.waitForFunction(
      (title) =>
        document.querySelectorAll('[data-testid="list-story"] .card-title')[1]?.textContent ===
        title,
      three.title,
    );
    expect(await listTitles(page)).toEqual([one.title, three.title, two.title]);
    expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);

    // Another reader follows it; the list shows on the owner's profile.
    const fan = await signedInSession();
    const fanPage = await openPage(listPath, { storageState: fan.storageState });
    await fanPage.getByTestId('follow-list-button').click();
    await expectToast(fanPage, 'Following the list');
    await fanPage.getByTestId('list-counts').filter({ hasText: '1 follower' }).waitFor();
    expect(await listTitles(fanPage)).toEqual([one.title, three.title, two.title]);
    await gotoLive(fanPage, `/profile/${reader.user.username}`);
    await fanPage.getByTestId('profile-lists').getByRole('link', { name }).waitFor();

    // The list page on a phone, dark, as a visitor.
    const phone = await openPage(listPath, { viewport: PHONE, colorScheme: 'dark' });
    await phone.getByTestId('list-story').nth(2).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);

    // Made private: others get "not found"; the owner still sees it.
    await page.getByTestId('edit-list').click();
    await page.getByTestId('list-public-switch').click();
    await page.getByTestId('list-form-submit').click();
    await expectToast(page, 'Reading list updated');
    await gotoLive(fanPage, listPath);
    await fanPage.getByTestId('list-not-found').waitFor();
    expect(await fanPage.getByText(name).count()).toBe(0);

    // Deleting a list that holds stories asks first.
    await page.getByTestId('delete-list').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete list' }).click();
    await expectToast(page, 'Reading list deleted');
    await page.waitForURL('**/lists');
    await page.getByTestId('my-lists-page').waitFor();
    expect(await page.getByTestId('my-lists').count()).toBe(0);
  });
});
