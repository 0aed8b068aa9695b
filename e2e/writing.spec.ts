import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, reloadLive, useBrowser } from './support/browser.js';
import {
  apiAs,
  chaptersViaApi,
  createStoryViaApi,
  expectToast,
  pngImage,
  storyViaApi,
} from './support/stories.js';

const { openPage, baseURL } = useBrowser();

type Session = Awaited<ReturnType<typeof signedInSession>>;

const STORY_PATH = /^\/stories\/[0-9a-f-]{36}$/;

async function openCreate(session: Session) {
  const page = await openPage('/stories/create', { storageState: session.storageState });
  await page.getByTestId('create-story-page').waitFor();
  return page;
}

async function openEdit(session: Session, storyId: string) {
  const page = await openPage(`/stories/${storyId}/edit`, { storageState: session.storageState });
  await page.getByTestId('edit-story-page').waitFor();
  return page;
}

const chapterTitles = (page: Page) => page.getByTestId('chapter-item-title').allTextContents();

/** Types at the end of the open chapter's editor. */
async function typeInChapter(page: Page, text: string) {
  await page.getByTestId('chapter-content-editor').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

const storyDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('story-draft:')));

describe('writing: create a story', () => {
  it('writes a story with two chapters and a cover, publishes it and lands on its page', async () => {
    const author = await signedInSession(newUser('writer'));
    const page = await openCreate(author);

    await page.locator('input[type="file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await pngImage(),
    });
    await page.getByRole('img', { name: 'Cover preview' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('The Glass Orchard');
    await page.getByLabel('Description').fill('An orchard where the apples ring like bells.');
    expect(await page.getByTestId('description-counter').textContent()).toBe('44/2000');
    await page.getByLabel('Genre').selectOption('Fantasy');

    const tagInput = page.getByTestId('tag-input');
    await tagInput.fill('glass');
    await tagInput.press('Enter');
    await tagInput.fill('  orchard ');
    await page.getByTestId('add-tag').click();
    await tagInput.fill('GLASS');
    await tagInput.press('Enter');
    await tagInput.fill('temporary');
    await tagInput.press('Enter');
    await page.getByRole('button', { name: 'Remove tag temporary' }).click();
    expect(await page.getByTestId('tag-list').getByRole('listitem').allTextContents()).toEqual([
      'glass',
      'orchard',
    ]);

    await page.getByRole('tab', { name: 'Settings' }).click();
    const publicCard = page.getByRole('radio', { name: /Public/ });
    expect(await publicCard.getAttribute('aria-checked')).toBe('true');
    expect(await publicCard.textContent()).toContain('Anyone can read your story');
    expect(await page.getByRole('radio', { name: /Private/ }).textContent()).toContain(
      'Only you can see this story',
    );

    await page.getByRole('tab', { name: 'Chapters' }).click();
    const titleInput = page.getByTestId('chapter-title-input');
    expect(await titleInput.inputValue()).toBe('Chapter 1');
    await typeInChapter(page, 'The orchard grew ');
    const bold = page.getByRole('button', { name: 'Bold' });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    // The editor keeps the focus (and the caret) through clicks on the toolbar, so nothing typed
    // straight after a click lands on the button instead.
    await page.getByTestId('chapter-content-editor').evaluate((editor) => {
      editor.addEventListener('blur', () => editor.setAttribute('data-blurred', 'true'));
    });
    await bold.click();
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('glass');
    await bold.click();
    await page.keyboard.type(' apples.');
    await expect.poll(() => page.getByTestId('word-count').textContent()).toBe('5 words');
    expect(
      await page.getByTestId('chapter-content-editor').getAttribute('data-blurred'),
    ).toBeNull();

    await page.getByTestId('add-chapter').click();
    expect(await titleInput.inputValue()).toBe('Chapter 2');
    await titleInput.fill('Harvest');
    await typeInChapter(page, 'Nobody dared to eat them.');
    // A third chapter left empty is not submitted.
    await page.getByTestId('add-chapter').click();
    expect(await chapterTitles(page)).toEqual(['Chapter 1', 'Harvest', 'Chapter 3']);

    await page.getByTestId('preview-button').click();
    const preview = page.getByTestId('story-preview');
    await preview.getByRole('heading', { name: 'The Glass Orchard' }).waitFor();
    await preview.locator('strong', { hasText: 'glass' }).waitFor();
    expect(await preview.textContent()).toContain('Chapter 1 of 3');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // While the story is sent the button says so and cannot be pressed again.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/stories', async (route) => {
      await held;
      await route.continue();
    });
    const publish = page.getByTestId('publish-story');
    await publish.click();
    await expect.poll(() => publish.textContent()).toBe('Publishing...');
    expect(await publish.isDisabled()).toBe(true);
    release();
    await page.waitForURL((url) => STORY_PATH.test(url.pathname));
    await expectToast(page, 'Story Created!', '2 chapters');
    expect(await storyDrafts(page)).toEqual([]);

    const id = new URL(page.url()).pathname.split('/').pop()!;
    const { data: story } = await storyViaApi(null, id);
    expect(story).toMatchObject({
      title: 'The Glass Orchard',
      description: 'An orchard where the apples ring like bells.',
      genre: 'Fantasy',
      tags: ['glass', 'orchard'],
      visibility: 'public',
      chapters_count: 2,
    });
    expect(story.cover_image).toMatch(/\.webp$/);
    const cover = await fetch(`${baseURL()}${story.cover_image}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');

    const chapters = await chaptersViaApi(author.accessToken, id);
    expect(chapters.map((c) => [c.title, c.order, c.published])).toEqual([
      ['Chapter 1', 1, true],
      ['Harvest', 2, true],
    ]);
    expect(chapters[0]!.content).toBe('<p>The orchard grew <strong>glass</strong> apples.</p>');
  });

  it('refuses a bad cover and shows the validation toasts in the spec order', async () => {
    const author = await signedInSession(newUser('writer'));
    const page = await openCreate(author);

    const file = page.locator('input[type="file"]');
    await file.setInputFiles({
      name: 'notes.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await page.getByRole('alert').filter({ hasText: 'File type not supported' }).waitFor();
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await page.getByRole('alert').filter({ hasText: 'File size must be less than 5MB' }).waitFor();
    // A text file that calls itself a PNG is refused when picked, not at Save.
    await file.setInputFiles({
      name: 'renamed.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is a text file, not a picture'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'This file is not a picture we can read' })
      .waitFor();
    expect(await page.getByRole('img', { name: 'Cover preview' }).count()).toBe(0);

    // Nothing is cut or dropped without a word.
    const titleInput = page.getByLabel('Title', { exact: true });
    await titleInput.fill('x'.repeat(210));
    expect(await titleInput.inputValue()).toHaveLength(210);
    expect(await page.getByTestId('title-counter').textContent()).toBe('210/200');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Title must be at most 200 characters' })
      .waitFor();
    expect(await titleInput.getAttribute('aria-invalid')).toBe('true');
    await titleInput.fill('');
    const tags = page.getByTestId('tag-input');
    await tags.fill('t'.repeat(60));
    await tags.press('Enter');
    expect(await page.getByTestId('tag-notice').textContent()).toContain(
      'each tag must be at most 30 characters',
    );
    expect(await tags.inputValue()).toHaveLength(60);
    await tags.fill('harbour');
    await tags.press('Enter');
    await tags.fill('Harbour');
    await tags.press('Enter');
    expect(await page.getByTestId('tag-notice').textContent()).toBe('“Harbour” is already added');
    await page.getByRole('button', { name: 'Remove tag harbour' }).click();

    const publish = page.getByTestId('publish-story');
    await publish.click();
    await expectToast(page, 'Title Required', 'Please enter a title for your story');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('story-title');

    await page.getByLabel('Title', { exact: true }).fill('Untold');
    await publish.click();
    await expectToast(page, 'Genre Required', 'Please select a genre for your story');

    await page.getByLabel('Genre').selectOption('Poetry');
    await publish.click();
    await expectToast(page, 'Content Required', 'Please write content for at least one chapter');
    // The author is taken to the chapters to write something.
    const chaptersTab = page.getByRole('tab', { name: 'Chapters' });
    expect(await chaptersTab.getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Delete Chapter 1' }).click();
    await expectToast(page, 'Cannot delete', 'You must have at least one chapter');
    expect(await chapterTitles(page)).toEqual(['Chapter 1']);
    expect(new URL(page.url()).pathname).toBe('/stories/create');
  });

  it("starts with the author's default story visibility from their settings", async () => {
    const author = await signedInSession(newUser('writer'));
    const { status } = await apiAs(author.accessToken, '/users/me/settings', {
      method: 'PUT',
      body: JSON.stringify({ defaultStoryVisibility: 'private' }),
    });
    expect(status).toBe(200);
    const page = await openCreate(author);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const privateCard = page.getByRole('radio', { name: /Private/ });
    await expect.poll(() => privateCard.getAttribute('aria-checked')).toBe('true');
  });

  it('keeps the unsaved form through a reload and offers to restore or discard it', async () => {
    const author = await signedInSession(newUser('writer'));
    const page = await openCreate(author);
    await page.getByLabel('Title', { exact: true }).fill('Night Ferry');
    await page.getByLabel('Genre').selectOption('Mystery');
    await page.getByRole('tab', { name: 'Chapters' }).click();
    await typeInChapter(page, 'The ferry left without its captain.');

    await reloadLive(page);
    const banner = page.getByTestId('draft-banner');
    await banner.waitFor();
    // Nothing is filled in until the author chooses.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await banner.getByRole('button', { name: 'Restore' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Night Ferry');
    expect(await page.getByLabel('Genre').inputValue()).toBe('Mystery');
    await page.getByRole('tab', { name: 'Chapters' }).click();
    expect(await page.getByTestId('chapter-content-editor').textContent()).toBe(
      'The ferry left without its captain.',
    );

    await reloadLive(page);
    await page.getByTestId('draft-banner').getByRole('button', { name: 'Discard' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await storyDrafts(page)).toEqual([]);
    await reloadLive(page);
    await page.getByTestId('create-story-page').waitFor();
    expect(await page.getByTestId('draft-banner').count()).toBe(0);
  });
});

describe('writing: edit a story', () => {
  const threeChapters = [
    { title: 'One', content: '<p>First chapter text.</p>' },
    { title: 'Two', content: '<p>Second chapter text.</p>' },
    { title: 'Three', content: '<p>Third chapter text.</p>' },
  ];

  it('reorders, deletes and adds chapters, saves and shows the result after a reload', async () => {
    const author = await signedInSession(newUser('writer'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'River Songs',
      tags: ['river'],
      chapters: threeChapters,
    });
    const page = await openEdit(author, story.id);
    const save = page.getByTestId('save-changes');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('unsaved-indicator').count()).toBe(0);

    // Details and settings.
    await page.getByLabel('Title', { exact: true }).fill('River Songs, Revised');
    await page.getByTestId('tag-input').fill('ballads');
    await page.getByTestId('tag-input').press('Enter');
    await page.getByTestId('unsaved-indicator').waitFor();
    expect(await page.getByTestId('unsaved-indicator').textContent()).toBe('Unsaved changes');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Mature Content' }).click();
    await page.getByLabel('Completion Status').selectOption('completed');
    await page.getByLabel('Language').selectOption('French');

    // Chapters: Three to the top, delete Two, add a new one and publish it.
    await page.getByRole('tab', { name: 'Chapters' }).click();
    expect(await page.getByTestId('chapter-list').getByText('Published').count()).toBe(3);
    await page.getByRole('button', { name: 'Move Three up' }).click();
    await page.getByRole('button', { name: 'Move Three up' }).click();
    expect(await chapterTitles(page)).toEqual(['Three', 'One', 'Two']);
    expect(await page.getByRole('button', { name: 'Move Three up' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Delete Two' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete Chapter' }).click();
    expect(await chapterTitles(page)).toEqual(['Three', 'One']);

    await page.getByTestId('add-chapter').click();
    expect(await page.getByTestId('chapter-title-input').inputValue()).toBe('Chapter 3');
    await page.getByTestId('publish-chapter').click();
    await expectToast(page, 'No Content', 'Please add content to the chapter before publishing');
    await typeInChapter(page, 'A brand new ending.');
    await page.getByTestId('publish-chapter').click();
    await expectToast(page, 'Chapter marked as published', 'Click Save Changes');
    expect(await page.getByTestId('chapter-panel').textContent()).toContain(
      'Published when you save changes',
    );

    await save.click();
    await expectToast(page, 'Story Updated!');
    await page.getByTestId('unsaved-indicator').waitFor({ state: 'detached' });
    expect(await save.isDisabled()).toBe(true);

    await reloadLive(page);
    await page.getByTestId('edit-story-page').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(
      'River Songs, Revised',
    );
    expect(await page.getByTestId('tag-list').getByRole('listitem').allTextContents()).toEqual([
      'river',
      'ballads',
    ]);
    await page.getByRole('tab', { name: 'Chapters' }).click();
    expect(await chapterTitles(page)).toEqual(['Three', 'One', 'Chapter 3']);
    expect(await page.getByTestId('chapter-list').getByText('Published').count()).toBe(3);
    await page.getByRole('tab', { name: 'Settings' }).click();
    expect(
      await page.getByRole('switch', { name: 'Mature Content' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await page.getByLabel('Completion Status').inputValue()).toBe('completed');
    expect(await page.getByLabel('Language').inputValue()).toBe('French');

    const chapters = await chaptersViaApi(author.accessToken, story.id);
    expect(chapters.map((c) => [c.title, c.order, c.published])).toEqual([
      ['Three', 1, true],
      ['One', 2, true],
      ['Chapter 3', 3, true],
    ]);
    expect(chapters[2]!.content).toBe('<p>A brand new ending.</p>');
    const { data: saved } = await storyViaApi(author.accessToken, story.id);
    expect(saved.settings).toMatchObject({
      mature_content: true,
      completion_status: 'completed',
      language: 'French',
    });
  });

  it('asks before leaving with unsaved changes and offers the draft back', async () => {
    const author = await signedInSession(newUser('writer'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'Quiet Harbour',
      chapters: threeChapters.slice(0, 1),
    });
    const page = await openEdit(author, story.id);
    // Leaving the page (reload, close) is only questioned while something is unsaved.
    const warnsOnUnload = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await warnsOnUnload()).toBe(false);
    await page.getByLabel('Title', { exact: true }).fill('Loud Harbour');
    expect(await warnsOnUnload()).toBe(true);

    await page.getByRole('link', { name: 'Back to Story' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/stories/${story.id}/edit`);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Loud Harbour');

    await page.getByRole('link', { name: 'Back to Story' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === `/stories/${story.id}`);
    expect((await storyViaApi(author.accessToken, story.id)).data.title).toBe('Quiet Harbour');

    // Coming back, the unsaved title is offered again.
    await gotoLive(page, `/stories/${story.id}/edit`);
    const banner = page.getByTestId('draft-banner');
    await banner.waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Quiet Harbour');
    await banner.getByRole('button', { name: 'Restore' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Loud Harbour');
    await page.getByTestId('unsaved-indicator').waitFor();
    await page.getByTestId('save-changes').click();
    await expectToast(page, 'Story Updated!');
    expect((await storyViaApi(author.accessToken, story.id)).data.title).toBe('Loud Harbour');
    expect(await storyDrafts(page)).toEqual([]);
    expect(await warnsOnUnload()).toBe(false);

    // Clean again: leaving needs no confirmation.
    await page.getByRole('link', { name: 'Back to Story' }).click();
    await page.waitForURL((url) => url.pathname === `/stories/${story.id}`);
  });

  it('keeps what the author typed when a save fails, and saves it on retry', async () => {
    const author = await signedInSession(newUser('writer'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'Paper Moons',
      chapters: threeChapters.slice(0, 2),
    });
    const page = await openEdit(author, story.id);
    await page.getByLabel('Title', { exact: true }).fill('Paper Suns');

    // The server answers the story update with a bare 500 once.
    const storyUrl = `**/api/stories/${story.id}`;
    await page.route(storyUrl, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, body: '' })
        : route.continue(),
    );
    await page.getByTestId('save-changes').click();
    await expectToast(page, 'Error', 'Server error: 500');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Paper Suns');
    await page.getByTestId('unsaved-indicator').waitFor();

    await page.unroute(storyUrl);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(storyUrl, async (route) => {
      await held;
      await route.continue();
    });
    const save = page.getByTestId('save-changes');
    await save.click();
    await expect.poll(() => save.textContent()).toBe('Saving...');
    expect(await save.isDisabled()).toBe(true);
    release();
    await expectToast(page, 'Story Updated!');
    expect((await storyViaApi(author.accessToken, story.id)).data.title).toBe('Paper Suns');
  });

  it('falls back to one empty new chapter when the chapters fail to load', async () => {
    const author = await signedInSession(newUser('writer'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'Lost Pages',
      chapters: threeChapters.slice(0, 1),
    });
    const page = await openPage('/', { storageState: author.storageState });
    await page.route('**/api/chapters/by-story/**', (route) =>
      route.fulfill({ status: 500, body: '' }),
    );
    await gotoLive(page, `/stories/${story.id}/edit`);
    await expectToast(page, 'Error', 'Failed to load story');
    await page.getByRole('tab', { name: 'Chapters' }).click();
    expect(await chapterTitles(page)).toEqual(['Chapter 1']);
    expect(await page.getByTestId('word-count').textContent()).toBe('0 words');
  });

  it('deletes a story after confirmation', async () => {
    const author = await signedInSession(newUser('writer'));
    const story = await createStoryViaApi(author.accessToken, {
      title: 'Short Lived',
      chapters: threeChapters.slice(0, 1),
    });
    const page = await openEdit(author, story.id);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByTestId('delete-story').click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this story?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await storyViaApi(author.accessToken, story.id)).status).toBe(200);

    await page.getByTestId('delete-story').click();
    await dialog.getByRole('button', { name: 'Delete Story' }).click();
    await page.waitForURL((url) => url.pathname === '/my-stories');
    await expectToast(page, 'Story Deleted');
    expect((await storyViaApi(author.accessToken, story.id)).status).toBe(404);
  });

  it('sends anyone but the author to the story page with the Unauthorized toast', async () => {
    const author = await signedInSession(newUser('writer'));
    const other = await signedInSession(newUser('reader'));
    const open = await createStoryViaApi(author.accessToken, {
      title: 'Not Yours',
      chapters: threeChapters.slice(0, 1),
    });
    const secret = await createStoryViaApi(author.accessToken, {
      title: 'Hidden',
      visibility: 'private',
      chapters: threeChapters.slice(0, 1),
    });

    for (const story of [open, secret]) {
      const page = await openPage(`/stories/${story.id}/edit`, {
        storageState: other.storageState,
      });
      await page.waitForURL((url) => url.pathname === `/stories/${story.id}`);
      await expectToast(page, 'Unauthorized', 'You can only edit your own stories');
      expect(await page.getByTestId('edit-story-page').count()).toBe(0);
    }
    expect((await storyViaApi(author.accessToken, open.id)).data.title).toBe('Not Yours');
  });
});
