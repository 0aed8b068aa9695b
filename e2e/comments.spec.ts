import { randomBytes } from 'node:crypto';
import { COMMENT_MESSAGES } from '@storyloom/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, reloadLive, useBrowser } from './support/browser.js';
import { apiAs, chaptersViaApi, createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Comments (issue 19): readers comment on a paragraph or on the chapter, reply, edit, like;
 * the story's author deletes; Allow Comments off closes the box. Each test runs at desktop and
 * at phone width, on a story of its own.
 */
const { openPage } = useBrowser();
/** Tests that open several pages get more than the default minute on a busy machine. */
const SLOW = 120_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;
type CommentPayload = { id: string; body: string; replies_count: number };

const PARAGRAPHS = [
  'The harbour lamps came on one by one, as if the town were counting its boats.',
  'Ines kept the tide tables in a tin box under the bed, with her mother’s letters.',
  'Nobody on the quay remembered the ship, but everyone remembered the song.',
  'By midnight the fog had eaten the lighthouse, and the song began again.',
];
/** Paragraph 2 is a quotation: a paragraph of the reader, and of the API, like any other. */
const CONTENT = [
  `<p>${PARAGRAPHS[0]}</p>`,
  `<p>${PARAGRAPHS[1]}</p>`,
  `<blockquote><p>${PARAGRAPHS[2]}</p></blockquote>`,
  `<p>${PARAGRAPHS[3]}</p>`,
].join('');

let author: Session;
let reader: Session;
let other: Session;

beforeAll(async () => {
  [author, reader, other] = await Promise.all([
    signedInSession(newUser('harbour')),
    signedInSession(newUser('ines')),
    signedInSession(newUser('quay')),
  ]);
});

/** A story of the author's with one chapter; its id and the chapter's. */
async function freshStory(title: string) {
  const story = await createStoryViaApi(author.accessToken, {
    title,
    chapters: [{ title: 'Fog Song', content: CONTENT }],
  });
  const [chapter] = await chaptersViaApi(author.accessToken, story.id);
  return { storyId: story.id, chapterId: chapter!.id };
}

async function commentViaApi(
  who: Session,
  chapterId: string,
  input: { body: string; paragraph?: number; parent_id?: string },
) {
  const { status, data } = await apiAs<CommentPayload>(
    who.accessToken,
    `/chapters/${chapterId}/comments`,
    { method: 'POST', body: JSON.stringify(input) },
  );
  if (status !== 201) throw new Error(`posting a comment answered ${status}`);
  return data;
}

/**
 * A comment's text made unique: the server refuses the same text from the same account twice
 * in a minute, and a retried test (or the other width's) writes again.
 */
const note = (text: string) => `${text} (${randomBytes(3).toString('hex')})`;

const readerPath = (storyId: string) => `/stories/${storyId}/read?chapter=1`;

async function openReader(storyId: string, viewport: typeof DESKTOP, session?: Session) {
  const page = await openPage(readerPath(storyId), {
    viewport,
    ...(session ? { storageState: session.storageState } : {}),
  });
  await page.getByTestId('chapter').waitFor();
  await page.getByTestId('comment-thread').waitFor();
  return page;
}

const chapterComments = (page: Page) => page.getByTestId('chapter-comments');
const paragraphPanel = (page: Page) => page.getByTestId('paragraph-comments');
/** A top-level comment (or a reply: `testId` 'reply') holding this text. */
const commentWith = (scope: Page | Locator, text: string, testId = 'comment') =>
  scope.getByTestId(testId).filter({ hasText: text });
const paragraphButton = (page: Page, paragraph: number, count: number) =>
  page.getByRole('button', { name: `Comments on paragraph ${paragraph + 1} (${count})` });
/** The phone's button to the chapter's own thread, under the chapter navigation. */
const chapterButton = (page: Page, count: number) =>
  page.getByRole('button', { name: `Comments (${count})`, exact: true });
const chapterDrawer = (page: Page) => page.getByTestId('chapter-comments-sheet');

/** Nothing is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('comments at %s width', (name, viewport) => {
  it(
    'lets a reader comment on a paragraph, shows its count beside it, and reply in its thread',
    async () => {
      const { storyId, chapterId } = await freshStory(`Fog Song (${name}, paragraphs)`);
      const chills = note('That song gives me chills.');
      const earlier = await commentViaApi(other, chapterId, { body: chills, paragraph: 2 });
      const page = await openReader(storyId, viewport, reader);

      // The counts arrive with the page: paragraph 3 (index 2) has the other reader's comment.
      await paragraphButton(page, 2, 1).waitFor();
      expect(await paragraphButton(page, 2, 1).textContent()).toBe('1');
      expect(await paragraphButton(page, 1, 0).count()).toBe(1);

      await paragraphButton(page, 1, 0).click();
      const panel = paragraphPanel(page);
      await panel.waitFor();
      expect(await panel.getByTestId('paragraph-quote').textContent()).toBe(PARAGRAPHS[1]);
      expect(await panel.getByTestId('comments-empty').textContent()).toBe(
        'No comments on this passage yet.',
      );
      // A bottom drawer on a phone, a panel at the right edge on a wide screen (once it has
      // slid in).
      await panel.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));
      const box = (await panel.boundingBox())!;
      const size = page.viewportSize()!;
      if (name === 'phone') {
        expect(Math.round(box.y + box.height)).toBe(size.height);
        expect(box.height).toBeLessThan(size.height);
      } else {
        expect(Math.round(box.height)).toBe(size.height);
        expect(box.width).toBeLessThan(size.width / 2);
      }

      const text = note('The tin box under the bed: I knew it would matter.');
      const box1 = panel.getByRole('textbox', { name: 'Comment on this passage…' });
      const post = panel.getByRole('button', { name: 'Post' });
      expect(await post.isDisabled()).toBe(true);
      await box1.fill(text);
      expect(await panel.getByTestId('comment-counter').textContent()).toBe(`${text.length}/2,000`);
      await post.click();
      await expectToast(page, COMMENT_MESSAGES.posted);
      await commentWith(panel, text).waitFor();
      expect(await box1.inputValue()).toBe('');
      await expect
        .poll(() => panel.getByTestId('sheet-comments-count').textContent())
        .toBe('1 comment');
      if (name === 'desktop') expect(await seriousViolations(page)).toEqual([]);

      // Closed, the paragraph shows its new count.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await paragraphButton(page, 1, 1).waitFor();
      expect(await paragraphButton(page, 1, 1).textContent()).toBe('1');
      // The chapter-level thread is another one: still empty.
      expect(await chapterComments(page).getByTestId('comments-empty').count()).toBe(1);

      // The other paragraph's thread: reply to the comment there.
      await paragraphButton(page, 2, 1).click();
      await panel.waitFor();
      const theirs = commentWith(panel, chills);
      await theirs.getByRole('button', { name: 'Reply' }).click();
      const reply = note('Same here, I hummed it all day.');
      await panel.getByRole('textbox', { name: 'Write a reply…' }).fill(reply);
      await panel.getByTestId('reply-composer').getByRole('button', { name: 'Reply' }).click();
      await expectToast(page, COMMENT_MESSAGES.replied);
      const replies = theirs.getByTestId('reply');
      await replies.first().waitFor();
      expect(await replies.count()).toBe(1);
      expect(await replies.getByTestId('comment-body').textContent()).toBe(reply);
      expect(await replies.getByTestId('comment-author').textContent()).toBe(reader.user.username);
      // A reply takes no replies of its own.
      expect(await replies.getByRole('button', { name: 'Reply' }).count()).toBe(0);
      await expectNoSidewaysScroll(page);

      // The server has it under the comment, and after a reload the thread shows it again.
      const { data } = await apiAs<{ items: CommentPayload[] }>(
        null,
        `/comments/${earlier.id}/replies`,
      );
      expect(data.items.map((item) => item.body)).toEqual([reply]);
      await reloadLive(page);
      await paragraphButton(page, 2, 1).click();
      await panel.waitFor();
      await commentWith(panel, chills).getByTestId('view-replies').click();
      await commentWith(panel, reply, 'reply').waitFor();
    },
    SLOW,
  );

  it(
    'shows a chapter-level comment as text with its line breaks, its link and its mention',
    async () => {
      const { storyId } = await freshStory(`Fog Song (${name}, links)`);
      const page = await openReader(storyId, viewport, reader);
      const section = chapterComments(page);
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toContain('Comments');

      const body = note(
        `Loved it, @${author.user.username}!\nThe map: https://example.org/harbour?tide=low.\n<b>not bold</b>`,
      );
      await section.getByRole('textbox', { name: 'Add a comment…' }).fill(body);
      await section.getByRole('button', { name: 'Post' }).click();
      await expectToast(page, COMMENT_MESSAGES.posted);
      const comment = commentWith(section, 'Loved it');
      await comment.waitFor();
      await expect
        .poll(() => section.getByTestId('chapter-comments-count').textContent())
        .toBe('1');

      const text = comment.getByTestId('comment-body');
      expect(await text.textContent()).toBe(body);
      expect(await text.evaluate((node) => getComputedStyle(node).whiteSpace)).toBe('pre-wrap');
      // Written as text: nothing of it became markup.
      expect(await text.locator('b').count()).toBe(0);

      const link = text.getByRole('link', { name: 'https://example.org/harbour?tide=low' });
      expect(await link.getAttribute('href')).toBe('https://example.org/harbour?tide=low');
      expect(await link.getAttribute('rel')).toBe('nofollow ugc noopener');
      expect(await link.getAttribute('target')).toBe('_blank');
      const mention = text.getByRole('link', { name: `@${author.user.username}` });
      expect(await mention.getAttribute('href')).toBe(`/profile/${author.user.username}`);
      expect(await comment.getByTestId('comment-author').getAttribute('href')).toBe(
        `/profile/${reader.user.username}`,
      );

      // A visitor reads it too, and is offered to sign in instead of the box.
      const visitor = await openReader(storyId, viewport);
      const visitorSection = chapterComments(visitor);
      await commentWith(visitorSection, 'Loved it').waitFor();
      expect(await visitorSection.getByRole('textbox').count()).toBe(0);
      const signIn = visitorSection.getByRole('link', { name: 'Sign in to comment' });
      expect(await signIn.getAttribute('href')).toBe('/auth/login');
      await expectNoSidewaysScroll(visitor);

      // The mention opens the author's profile.
      await mention.click();
      await page.waitForURL((url) => url.pathname === `/profile/${author.user.username}`);
    },
    SLOW,
  );

  it(
    'lets the story’s author delete a reader’s comment: one with replies leaves a placeholder, one without goes',
    async () => {
      const { storyId, chapterId } = await freshStory(`Fog Song (${name}, deleting)`);
      const question = note('Who sang it first?');
      const answer = note('The keeper did.');
      const advert = note('Buy my boat at a discount.');
      const answered = await commentViaApi(reader, chapterId, { body: question });
      await commentViaApi(other, chapterId, { body: answer, parent_id: answered.id });
      await commentViaApi(reader, chapterId, { body: advert });

      const page = await openReader(storyId, viewport, author);
      const section = chapterComments(page);
      await commentWith(section, question).waitFor();
      // Not the author's comments: no Edit, but Delete.
      const spam = commentWith(section, advert);
      expect(await spam.getByRole('button', { name: 'Edit' }).count()).toBe(0);

      await spam.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.getByRole('heading').textContent()).toBe('Delete this comment?');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, COMMENT_MESSAGES.deleted);
      await spam.waitFor({ state: 'detached' });

      await commentWith(section, question).getByRole('button', { name: 'Delete' }).click();
      expect(await dialog.textContent()).toContain('Its replies stay');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, COMMENT_MESSAGES.deleted);
      const placeholder = section
        .getByTestId('comment')
        .filter({ has: page.getByTestId('comment-deleted') });
      await placeholder.waitFor();
      expect(await placeholder.getByTestId('comment-deleted').textContent()).toBe(
        COMMENT_MESSAGES.deletedPlaceholder,
      );
      expect(await section.getByText(question).count()).toBe(0);
      // Its reply still reads under it.
      await placeholder.getByTestId('view-replies').click();
      await commentWith(placeholder, answer, 'reply').waitFor();

      // As the readers see it after a reload.
      const readerPage = await openReader(storyId, viewport, reader);
      const readerSection = chapterComments(readerPage);
      await readerSection.getByTestId('comment-deleted').waitFor();
      expect(await readerSection.getByText(advert).count()).toBe(0);
    },
    SLOW,
  );

  it(
    'says comments are off instead of the box when the author turned them off, and keeps the comments',
    async () => {
      const { storyId, chapterId } = await freshStory(`Fog Song (${name}, closed)`);
      const early = note('Glad I said this in time.');
      const onQuote = note('And on the quotation.');
      const kept = await commentViaApi(other, chapterId, { body: early });
      await commentViaApi(other, chapterId, { body: onQuote, paragraph: 2 });
      const { status } = await apiAs(author.accessToken, `/stories/${storyId}`, {
        method: 'PATCH',
        body: JSON.stringify({ allow_comments: false }),
      });
      expect(status).toBe(200);

      const page = await openReader(storyId, viewport, reader);
      const section = chapterComments(page);
      await commentWith(section, early).waitFor();
      expect(await section.getByTestId('comments-off').textContent()).toBe(
        COMMENT_MESSAGES.commentsOff,
      );
      expect(await section.getByRole('textbox').count()).toBe(0);
      expect(await section.getByRole('button', { name: 'Reply' }).count()).toBe(0);

      // The paragraph's thread too.
      await paragraphButton(page, 2, 1).click();
      const panel = paragraphPanel(page);
      await commentWith(panel, onQuote).waitFor();
      expect(await panel.getByTestId('comments-off').textContent()).toBe(
        COMMENT_MESSAGES.commentsOff,
      );
      expect(await panel.getByRole('textbox').count()).toBe(0);

      // And the server refuses what the page no longer offers.
      const refused = await apiAs(reader.accessToken, `/chapters/${chapterId}/comments`, {
        method: 'POST',
        body: JSON.stringify({ body: note('Let me in'), parent_id: kept.id }),
      });
      expect(refused.status).toBe(403);
    },
    SLOW,
  );

  it(
    'lets a reader edit their own comment, which then reads “edited”',
    async () => {
      const { storyId, chapterId } = await freshStory(`Fog Song (${name}, editing)`);
      const typo = note('The fog eats the lighthuose.');
      const fixed = typo.replace('lighthuose', 'lighthouse');
      await commentViaApi(reader, chapterId, { body: typo });
      const page = await openReader(storyId, viewport, reader);
      const section = chapterComments(page);
      const mine = section.getByTestId('comment').first();
      await commentWith(section, 'lighthuose').waitFor();
      expect(await mine.getByTestId('comment-edited').count()).toBe(0);

      await mine.getByRole('button', { name: 'Edit' }).click();
      const box = mine.getByRole('textbox', { name: 'Edit your comment' });
      expect(await box.inputValue()).toBe(typo);
      await box.fill(fixed);
      await mine.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, COMMENT_MESSAGES.edited);
      await expect.poll(() => mine.getByTestId('comment-body').textContent()).toBe(fixed);
      expect(await mine.getByTestId('comment-edited').textContent()).toContain(
        COMMENT_MESSAGES.editedMark,
      );

      await reloadLive(page);
      await commentWith(chapterComments(page), fixed).waitFor();
      expect(
        await chapterComments(page)
          .getByTestId('comment')
          .first()
          .getByTestId('comment-edited')
          .count(),
      ).toBe(1);
    },
    SLOW,
  );
});

describe('the chapter’s comments on a phone', () => {
  it(
    'open in a drawer from under the chapter navigation, where a new comment shows and counts',
    async () => {
      const { storyId, chapterId } = await freshStory('Fog Song (phone drawer)');
      const first = note('Read it twice on the bus.');
      await commentViaApi(other, chapterId, { body: first });
      // A paragraph's comment is in another thread, and not in the chapter's count.
      await commentViaApi(other, chapterId, { body: note('This line!'), paragraph: 0 });
      const page = await openReader(storyId, PHONE, reader);

      const button = chapterButton(page, 1);
      await button.waitFor();
      await button.click();
      const drawer = chapterDrawer(page);
      await drawer.waitFor();
      expect(await drawer.getByRole('heading', { name: 'Comments' }).count()).toBe(1);
      await commentWith(drawer, first).waitFor();
      expect(await drawer.getByTestId('sheet-comments-count').textContent()).toBe('1 comment');
      // A drawer from the bottom (once it has slid in), as a paragraph's thread is.
      await drawer.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));
      const box = (await drawer.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(PHONE.height);
      expect(box.height).toBeLessThan(PHONE.height);

      const text = note('The fog as a character: yes.');
      await drawer.getByRole('textbox', { name: 'Add a comment…' }).fill(text);
      await drawer.getByRole('button', { name: 'Post' }).click();
      await expectToast(page, COMMENT_MESSAGES.posted);
      await commentWith(drawer, text).waitFor();
      await expect
        .poll(() => drawer.getByTestId('sheet-comments-count').textContent())
        .toBe('2 comments');
      await expectNoSidewaysScroll(page);

      // Closed, focus is back on the button, which counts it; so does the section after the text.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await chapterButton(page, 2).waitFor();
      expect(await chapterButton(page, 2).evaluate((node) => node === document.activeElement)).toBe(
        true,
      );
      const section = chapterComments(page);
      await commentWith(section, text).waitFor();
      expect(await section.getByTestId('chapter-comments-count').textContent()).toBe('2');

      // A wide screen has the section at hand, and no button.
      const wide = await openReader(storyId, DESKTOP, reader);
      const hidden = wide.getByTestId('open-chapter-comments');
      expect(await hidden.count()).toBe(1);
      expect(await hidden.isVisible()).toBe(false);
    },
    SLOW,
  );
});

describe('the chapter’s comments after a long chapter', () => {
  it(
    'load when the reader nears them, not with the page (lib/use-near-viewport.ts)',
    async () => {
      const long = Array.from(
        { length: 40 },
        (_, index) => `<p>${PARAGRAPHS[index % PARAGRAPHS.length]} (${index + 1})</p>`,
      ).join('');
      const story = await createStoryViaApi(author.accessToken, {
        title: 'Fog Song (the long night)',
        chapters: [{ title: 'The Long Night', content: long }],
      });
      const [chapter] = await chaptersViaApi(author.accessToken, story.id);
      const first = note('Stayed up for this one.');
      await commentViaApi(other, chapter!.id, { body: first });

      const asked: string[] = [];
      const page = await openPage('about:blank', { viewport: PHONE });
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === `/api/chapters/${chapter!.id}/comments`) asked.push(pathname);
      });
      await page.goto(readerPath(story.id));
      await page.getByTestId('chapter').waitFor();
      await page.waitForLoadState('networkidle');
      // Far below the screen: its place is held, its comments not yet asked for.
      const section = chapterComments(page);
      expect(await section.getByTestId('comment-thread-waiting').count()).toBe(1);
      expect(await section.getByRole('heading', { name: 'Comments' }).count()).toBe(1);
      expect(await page.getByTestId('comment-thread').count()).toBe(0);
      expect(asked).toEqual([]);

      // Reading on down to it brings them.
      await page.getByTestId('chapter-position').scrollIntoViewIfNeeded();
      await commentWith(section, first).waitFor();
      expect(asked).toHaveLength(1);
      expect(await section.getByTestId('chapter-comments-count').textContent()).toBe('1');
    },
    SLOW,
  );
});

describe('comments that lost their paragraph or their writer', () => {
  it(
    'keeps them in the chapter’s thread: the removed passage quoted, the writer as “[deleted account]”',
    async () => {
      const { storyId, chapterId } = await freshStory('Fog Song (what remains)');
      const leaving = await signedInSession(newUser('leaving'));
      const farewell = note('Thank you for the fog.');
      const onTin = note('The tin box!');
      await commentViaApi(leaving, chapterId, { body: farewell });
      await commentViaApi(reader, chapterId, { body: onTin, paragraph: 1 });

      // The author takes the tin-box paragraph out of the chapter.
      const edited = await apiAs(author.accessToken, `/chapters/${chapterId}`, {
        method: 'PATCH',
        body: JSON.stringify({ content: CONTENT.replace(`<p>${PARAGRAPHS[1]}</p>`, '') }),
      });
      expect(edited.status).toBe(200);
      // The other writer deletes their account.
      const deleted = await apiAs(leaving.accessToken, '/users/me', {
        method: 'DELETE',
        body: JSON.stringify({ password: leaving.user.password }),
      });
      expect(deleted.status).toBe(200);

      const page = await openReader(storyId, DESKTOP);
      const section = chapterComments(page);
      const moved = commentWith(section, onTin);
      await moved.waitFor();
      expect(await moved.getByTestId('comment-removed-paragraph').textContent()).toBe(
        `${COMMENT_MESSAGES.removedParagraph}: “${PARAGRAPHS[1]}”`,
      );
      // No paragraph of the chapter counts it any more.
      await page.getByTestId('paragraph-comments-button').first().waitFor();
      expect(await page.locator('.paragraph-comments-button[data-count]').count()).toBe(0);

      const orphan = commentWith(section, farewell);
      await orphan.waitFor();
      const writer = orphan.getByTestId('comment-author');
      expect(await writer.textContent()).toBe(COMMENT_MESSAGES.deletedAccount);
      expect(await writer.evaluate((node) => node.tagName)).toBe('SPAN');
    },
    SLOW,
  );
});
