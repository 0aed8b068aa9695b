import { readerPath } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { apiAs, chaptersViaApi, createStoryViaApi, expectToast } from './support/stories.js';

const { openPage } = useBrowser();

type Session = Awaited<ReturnType<typeof signedInSession>>;
type RevisionPage = { items: { id: string; title: string; word_count: number }[]; total: number };

const FIRST = 'The lamp was lit at dusk.';

async function openChapters(
  session: Session,
  storyId: string,
  options: { viewport?: typeof DESKTOP; colorScheme?: 'light' | 'dark' } = {},
) {
  const page = await openPage(`/stories/${storyId}/edit`, {
    storageState: session.storageState,
    ...options,
  });
  await page.getByTestId('edit-story-page').waitFor();
  await page.getByRole('tab', { name: 'Chapters' }).click();
  await page.getByTestId('chapter-content-editor').waitFor();
  return page;
}

/** Types at the end of the open chapter and saves the story. */
async function appendAndSave(page: Page, text: string) {
  await page.getByTestId('chapter-content-editor').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  await page.getByTestId('save-changes').click();
  await expectToast(page, 'Story Updated!');
  await page.getByTestId('unsaved-indicator').waitFor({ state: 'detached' });
}

const revisionsOf = (token: string, chapterId: string) =>
  apiAs<RevisionPage>(token, `/chapters/${chapterId}/revisions`);

async function storyWithHistory(title: string) {
  const author = await signedInSession(newUser('writer'));
  const story = await createStoryViaApi(author.accessToken, {
    title,
    chapters: [{ title: 'Lamplight', content: `<p>${FIRST}</p>` }],
  });
  const [chapter] = await chaptersViaApi(author.accessToken, story.id);
  return { author, story, chapter: chapter! };
}

describe('revision history', () => {
  it('shows what changed since an old save, restores it, and the reader shows it', async () => {
    const { author, story, chapter } = await storyWithHistory('The Lamplighter');
    const page = await openChapters(author, story.id);
    await appendAndSave(page, ' Moths came.');
    await appendAndSave(page, ' Then rain.');
    expect((await revisionsOf(author.accessToken, chapter.id)).data.total).toBe(3);

    await page.getByTestId('chapter-history').click();
    const panel = page.getByTestId('history-panel');
    await panel.waitFor();
    const items = panel.getByTestId('revision-item');
    await items.nth(2).waitFor();
    expect(await items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toContain('Latest');
    expect(await items.nth(2).textContent()).toContain('6 words');

    // The oldest save beside the current text: the words typed since are marked as added.
    await items.nth(2).click();
    const comparison = panel.getByTestId('revision-comparison');
    await comparison.waitFor();
    const added = (await comparison.getByTestId('diff-added').allTextContents()).join(' ');
    expect(added).toContain('Moths');
    expect(added).toContain('rain.');
    expect(await comparison.getByTestId('diff-removed').count()).toBe(0);
    expect(await panel.getByTestId('revision-text').textContent()).toContain(FIRST);
    // The count is of the words in the marked runs (' Moths came. Then rain.').
    const addedWords = added.split(/\s+/).filter((word) => word !== '').length;
    expect(await comparison.textContent()).toContain(
      `${addedWords} words added · 0 words removed since this revision`,
    );

    await panel.getByTestId('restore-revision').click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expectToast(page, 'Revision restored');
    await confirm.waitFor({ state: 'detached' });

    // The panel lists the restore as the newest save; the editor shows the restored text.
    await expect.poll(() => items.count()).toBe(4);
    expect(await items.nth(0).textContent()).toContain('6 words');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('chapter-content-editor').textContent()).toBe(FIRST);
    expect(await page.getByTestId('unsaved-indicator').count()).toBe(0);

    const history = (await revisionsOf(author.accessToken, chapter.id)).data;
    expect(history.total).toBe(4);
    expect(history.items[0]).toMatchObject({ title: 'Lamplight', word_count: 6 });

    const reader = await openPage(readerPath(story.id));
    await reader.getByTestId('chapter').waitFor();
    expect(await reader.getByTestId('chapter').textContent()).toContain(FIRST);
    expect(await reader.getByTestId('chapter').textContent()).not.toContain('Moths');
  });

  it('waits for unsaved edits of the chapter to be saved before restoring', async () => {
    const { author, story } = await storyWithHistory('The Unsaved Lamp');
    const page = await openChapters(author, story.id);
    await appendAndSave(page, ' Saved words.');
    await page.getByTestId('chapter-content-editor').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Not saved yet.');
    await page.getByTestId('chapter-history').click();
    const panel = page.getByTestId('history-panel');
    await panel.getByTestId('revision-item').nth(1).click();
    await panel.getByTestId('revision-comparison').waitFor();
    expect(await panel.getByTestId('restore-revision').isDisabled()).toBe(true);
    expect(await panel.textContent()).toContain('Save or undo your changes to this chapter');
  });

  describe.each([
    ['desktop', DESKTOP, 'light'],
    ['desktop', DESKTOP, 'dark'],
    ['phone', PHONE, 'light'],
    ['phone', PHONE, 'dark'],
  ] as const)('the History panel at %s width, %s', (name, viewport, colorScheme) => {
    it('is accessible and fits the screen', async () => {
      const { author, story } = await storyWithHistory(`The Axe Lamp (${name}, ${colorScheme})`);
      const page = await openChapters(author, story.id, { viewport, colorScheme });
      await appendAndSave(page, ' A second line.');
      await page.getByTestId('chapter-history').click();
      const panel = page.getByTestId('history-panel');
      await panel.getByTestId('revision-item').nth(1).click();
      await panel.getByTestId('revision-comparison').waitFor();
      await panel.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));
      // The panel and what is over the page; the editor behind the overlay is inert while the
      // panel is open (writing.spec.ts checks it on its own).
      expect(await seriousViolations(page, ['[data-testid="edit-story-page"]'])).toEqual([]);
      const box = (await panel.boundingBox())!;
      if (name === 'phone') {
        // A full-width sheet from the bottom edge (less any scrollbar the page keeps).
        expect(Math.round(box.x)).toBe(0);
        expect(box.width).toBeGreaterThan(viewport.width * 0.9);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(Math.round(box.y + box.height)).toBe(viewport.height);
        // On a phone the picked revision takes the sheet; the list is one tap back.
        expect(await panel.getByTestId('revision-list').isVisible()).toBe(false);
        await panel.getByRole('button', { name: 'All revisions' }).click();
        expect(await panel.getByTestId('revision-list').isVisible()).toBe(true);
      } else {
        expect(Math.round(box.height)).toBe(viewport.height);
        expect(await panel.getByTestId('revision-list').isVisible()).toBe(true);
      }
    });
  });
});
