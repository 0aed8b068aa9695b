import { randomBytes } from 'node:crypto';
import { TRASH_MESSAGES } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, gotoLive, PHONE, useBrowser } from './support/browser.js';
import {
  apiAs,
  chaptersViaApi,
  createStoryViaApi,
  expectToast,
  storyViaApi,
} from './support/stories.js';

/**
 * Recently deleted (issue 22, docs/decisions/027-recently-deleted.md): an author deletes a
 * chapter in the editor; it is gone from the reader; they restore it from Recently deleted,
 * reached from My Stories, and it is back at its place with a reader's comment. At desktop width
 * in the light theme and at phone width in the dark one, each on a story of its own.
 */
const { openPage } = useBrowser();
const SLOW = 120_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;
let reader: Session;

beforeAll(async () => {
  reader = await signedInSession(newUser('tidereader'));
});

const chapterTitleOf = (page: Page) => page.getByTestId('chapter-title').textContent();

async function openReaderAt(page: Page, storyId: string, chapter: number) {
  await gotoLive(page, `/stories/${storyId}/read?chapter=${chapter}`);
  await page.getByTestId('chapter').waitFor();
}

describe.each([
  ['desktop', DESKTOP, 'light'],
  ['phone', PHONE, 'dark'],
] as const)('recently deleted at %s width', (name, viewport, colorScheme) => {
  it(
    'takes a deleted chapter out of the reader and brings it back with its comment',
    async () => {
      // An author of its own (a retried test starts with an empty Recently deleted).
      const author = await signedInSession(newUser('tidewriter'));
      const story = await createStoryViaApi(author.accessToken, {
        title: `Low Tide (${name})`,
        chapters: [
          { title: 'Ebb', content: '<p>The water left in the night.</p>' },
          { title: 'Slack Water', content: '<p>For an hour nothing moved at all.</p>' },
          { title: 'Flood', content: '<p>Then it came back all at once.</p>' },
        ],
      });
      const [, second] = await chaptersViaApi(author.accessToken, story.id);
      const comment = `Best hour of the book (${randomBytes(3).toString('hex')})`;
      const posted = await apiAs(reader.accessToken, `/chapters/${second!.id}/comments`, {
        method: 'POST',
        body: JSON.stringify({ body: comment }),
      });
      expect(posted.status).toBe(201);

      // The author deletes "Slack Water" in the editor and saves.
      const page = await openPage(`/stories/${story.id}/edit`, {
        viewport,
        colorScheme,
        storageState: author.storageState,
      });
      await page.getByTestId('edit-story-page').waitFor();
      await page.getByRole('tab', { name: 'Chapters' }).click();
      // The way to this story's deleted chapters, under the chapter list.
      await page.getByTestId('editor-recently-deleted').waitFor();
      await page.getByRole('button', { name: 'Delete Slack Water' }).click();
      const confirm = page.getByRole('alertdialog');
      expect(await confirm.textContent()).toContain('Recently deleted');
      await confirm.getByRole('button', { name: 'Delete Chapter' }).click();
      await page.getByTestId('save-changes').click();
      await expectToast(page, 'Story Updated!', 'in Recently deleted for 30 days');

      // A reader's page 2 is now "Flood": the chapter is gone from the numbering.
      const readerPage = await openPage(`/stories/${story.id}/read?chapter=2`, {
        viewport,
        colorScheme,
        storageState: reader.storageState,
      });
      await readerPage.getByTestId('chapter').waitFor();
      expect(await chapterTitleOf(readerPage)).toContain('Flood');
      expect(await readerPage.getByText(comment).count()).toBe(0);

      // From My Stories to Recently deleted, where it is listed with its days left.
      await gotoLive(page, '/my-stories');
      await page.getByTestId('recently-deleted-link').click();
      await page.getByTestId('recently-deleted-page').waitFor();
      const row = page.getByTestId('deleted-item').filter({ hasText: 'Slack Water' });
      await row.waitFor();
      expect(await row.textContent()).toContain(`Chapter 2 of “Low Tide (${name})”`);
      expect(await row.getByTestId('days-left').textContent()).toBe('30 days left');
      // The account menu's avatar is the shell's, checked (and excluded) as in blocks.spec.ts.
      expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);
      // Nothing is wider than the window.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await row.getByRole('button', { name: 'Restore Slack Water' }).click();
      await expectToast(page, TRASH_MESSAGES.chapterRestored);
      await page.getByTestId('empty-state').waitFor();

      // Back at its place, with the reader's comment.
      await openReaderAt(readerPage, story.id, 2);
      expect(await chapterTitleOf(readerPage)).toContain('Slack Water');
      // Its thread: beside the chapter on a wide screen, behind "Comments (1)" on a phone.
      if (name === 'phone')
        await readerPage.getByRole('button', { name: 'Comments (1)', exact: true }).click();
      await readerPage.getByTestId('comment').filter({ hasText: comment }).first().waitFor();
    },
    SLOW,
  );
});

describe('deleting a story', () => {
  it(
    'says it went to Recently deleted, and Undo brings it back to My Stories',
    async () => {
      const author = await signedInSession(newUser('tideundo'));
      const story = await createStoryViaApi(author.accessToken, {
        title: 'Second Thoughts',
        chapters: [{ title: 'Only', content: '<p>One chapter.</p>' }],
      });
      const page = await openPage(`/stories/${story.id}/edit`, {
        storageState: author.storageState,
      });
      await page.getByTestId('edit-story-page').waitFor();
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByTestId('delete-story').click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this story?' });
      expect(await dialog.textContent()).toContain('moved to Recently deleted');
      await dialog.getByRole('button', { name: 'Delete Story' }).click();
      await page.waitForURL((url) => url.pathname === '/my-stories');
      await expectToast(page, 'Story Deleted', 'Recently deleted');
      expect((await storyViaApi(author.accessToken, story.id)).status).toBe(404);
      await page.getByTestId('empty-state').waitFor();

      const toast = page.getByTestId('toast').filter({ hasText: 'Story Deleted' });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expectToast(page, TRASH_MESSAGES.storyRestored);
      await page.getByTestId('my-story').filter({ hasText: 'Second Thoughts' }).waitFor();
      expect((await storyViaApi(author.accessToken, story.id)).status).toBe(200);
    },
    SLOW,
  );
});
