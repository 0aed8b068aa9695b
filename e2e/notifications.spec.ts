import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NOTIFICATION_MESSAGES } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, gotoLive, PHONE, useBrowser } from './support/browser.js';
import { linkFromOutbox, outboxFor } from './support/outbox.js';
import { apiAs, chaptersViaApi, createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Notifications (issue 20): the bell counts up live as others act, the /notifications page
 * lists what happened and leads to it, Mark all as read, and a switch in Settings →
 * Notifications turns its kind off. The server runs with NOTIFY_UNDO_WINDOW_MS=500
 * (support/global-setup.ts), so a follow or a like is told half a second after it happens.
 */
const { openPage } = useBrowser();
/** Several users, a worker in between and a browser: more than the default minute. */
const SLOW = 120_000;
/** How long a notification may take to arrive: the undo window, the worker, the stream. */
const ARRIVAL = { timeout: 20_000, interval: 200 };

type Session = Awaited<ReturnType<typeof signedInSession>>;
type NotificationPayload = {
  id: string;
  type: string;
  actors: { username: string }[];
  actors_count: number;
  read_at: string | null;
};

const CONTENT = [
  '<p>The ferry left at dawn with nobody on board but the cartographer.</p>',
  '<p>She had drawn the island twice, and each time it had moved.</p>',
].join('');

/** A story of `author`'s with one chapter: its id, title and the chapter's id. */
async function storyOf(author: Session, name: string) {
  const title = `${name} ${randomBytes(2).toString('hex')}`;
  const story = await createStoryViaApi(author.accessToken, {
    title,
    chapters: [{ title: 'The Moving Island', content: CONTENT }],
  });
  const [chapter] = await chaptersViaApi(author.accessToken, story.id);
  return { id: story.id, title, chapterId: chapter!.id };
}

async function follow(who: Session, username: string) {
  const { status } = await apiAs(who.accessToken, `/users/${username}/follow`, { method: 'POST' });
  expect(status).toBeLessThan(300);
}

async function like(who: Session, storyId: string) {
  const { status } = await apiAs(who.accessToken, `/stories/${storyId}/like`, { method: 'POST' });
  expect(status).toBeLessThan(300);
}

async function comment(
  who: Session,
  chapterId: string,
  input: { body: string; paragraph?: number },
) {
  const { status, data } = await apiAs<{ id: string }>(
    who.accessToken,
    `/chapters/${chapterId}/comments`,
    { method: 'POST', body: JSON.stringify(input) },
  );
  expect(status).toBe(201);
  return data;
}

const unreadViaApi = async (me: Session) =>
  (await apiAs<{ count: number }>(me.accessToken, '/notifications/unread-count')).data.count;

const listViaApi = async (me: Session) =>
  (await apiAs<{ items: NotificationPayload[] }>(me.accessToken, '/notifications?limit=50')).data
    .items;

const bell = (page: Page) => page.getByTestId('notifications-button');
/**
 * The top bar's account menu is left out of accessibility checks, as on other signed-in pages
 * (story-page.spec.ts): its name, "Account menu", does not hold the initials it shows.
 */
const NOT_OURS = ['[data-testid="user-menu"]'];
const bellLabel = (page: Page) => bell(page).getAttribute('aria-label');

/** Opens a signed-in page and waits until its notification stream is connected. */
async function openWithStream(me: Session, path: string, viewport = DESKTOP) {
  const page = await openPage('about:blank', { storageState: me.storageState, viewport });
  const connected = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/notifications/stream',
  );
  await gotoLive(page, path);
  expect((await connected).status()).toBe(200);
  return page;
}

/** Nothing is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const rows = (page: Page) => page.getByTestId('notification-row');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

describe('notifications', () => {
  it(
    'the bell counts up live as someone follows and comments; the page lists them; mark all as read',
    async () => {
      const [me, fan] = await Promise.all([
        signedInSession(newUser('isla')),
        signedInSession(newUser('mira')),
      ]);
      const story = await storyOf(me, 'The Last Translation');
      const page = await openWithStream(me, '/feed');
      expect(await bellLabel(page)).toBe('Notifications');
      expect(await page.getByTestId('notifications-badge').count()).toBe(0);

      // Without a reload: the follow (after the undo window), then the comment.
      await follow(fan, me.user.username);
      await expect.poll(() => bellLabel(page), ARRIVAL).toBe('Notifications, 1 unread');
      expect(await page.getByTestId('notifications-badge').textContent()).toBe('1');
      const remark = `The island moving is such a good image (${randomBytes(2).toString('hex')})`;
      const posted = await comment(fan, story.chapterId, { body: remark });
      await expect.poll(() => bellLabel(page), ARRIVAL).toBe('Notifications, 2 unread');
      expect(await page.getByTestId('notifications-badge').textContent()).toBe('2');

      // The bell's menu: the latest first, each leading to its place.
      await bell(page).click();
      const menu = page.getByTestId('notifications-menu');
      await menu.waitFor();
      const items = menu.getByTestId('notification-item');
      await expect.poll(() => items.count()).toBe(2);
      expect(await items.nth(0).getByTestId('notification-text').textContent()).toBe(
        `${fan.user.username} commented on ${story.title}`,
      );
      expect(await items.nth(1).getByTestId('notification-text').textContent()).toBe(
        `${fan.user.username} followed you`,
      );
      expect(await items.nth(1).getAttribute('href')).toBe(`/profile/${fan.user.username}`);
      expect(await seriousViolations(page, NOT_OURS)).toEqual([]);
      await menu.getByRole('menuitem', { name: 'See all notifications' }).click();

      // The page: both, unread, with their texts and links.
      await page.waitForURL((url) => url.pathname === '/notifications');
      await expect.poll(() => rows(page).count()).toBe(2);
      const commented = rowWith(page, 'commented on');
      const followed = rowWith(page, 'followed you');
      expect(await followed.getAttribute('href')).toBe(`/profile/${fan.user.username}`);
      const link = new URL((await commented.getAttribute('href'))!, 'http://x');
      expect(link.pathname).toBe(`/stories/${story.id}/read`);
      expect(link.searchParams.get('chapter_id')).toBe(story.chapterId);
      expect(link.searchParams.get('comment')).toBe(posted.id);
      expect(await commented.textContent()).toContain(remark);
      expect(await page.getByTestId('unread-dot').count()).toBe(2);
      expect(await page.getByTestId('unread-count').textContent()).toBe('2 unread');
      expect(await seriousViolations(page, NOT_OURS)).toEqual([]);

      await page.getByRole('tab', { name: 'Unread' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'unread');
      await expect.poll(() => rows(page).count()).toBe(2);

      // Mark all as read: the badge goes, the Unread tab empties, the server agrees.
      await page.getByTestId('mark-all-read').click();
      await expectToast(page, NOTIFICATION_MESSAGES.allRead);
      await expect.poll(() => bellLabel(page)).toBe('Notifications');
      expect(await page.getByTestId('notifications-badge').count()).toBe(0);
      await page.getByText("You're all caught up").waitFor();
      expect(await unreadViaApi(me)).toBe(0);
      await page.getByRole('tab', { name: 'All' }).click();
      await expect.poll(() => rows(page).count()).toBe(2);
      expect(await page.getByTestId('unread-dot').count()).toBe(0);
      expect(await page.getByTestId('mark-all-read').isDisabled()).toBe(true);
    },
    SLOW,
  );

  it(
    'resumes the stream after the connection drops, and misses nothing',
    async () => {
      const [me, fan] = await Promise.all([
        signedInSession(newUser('resume')),
        signedInSession(newUser('tunnel')),
      ]);
      const story = await storyOf(me, 'Through The Tunnel');
      const page = await openWithStream(me, '/feed');
      const streams: { lastEventId: string | undefined }[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/notifications/stream') {
          streams.push({ lastEventId: request.headers()['last-event-id'] });
        }
      });
      await follow(fan, me.user.username);
      await expect.poll(() => bellLabel(page), ARRIVAL).toBe('Notifications, 1 unread');

      // The browser goes offline and the connection drops (window.stop() cuts a running
      // fetch); meanwhile a comment arrives, and the bell cannot hear of it.
      await page.context().setOffline(true);
      await page.evaluate(() => window.stop());
      await comment(fan, story.chapterId, { body: `Out of signal (${story.id.slice(-4)})` });
      await expect.poll(() => unreadViaApi(me), ARRIVAL).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await bellLabel(page)).toBe('Notifications, 1 unread');
      await page.context().setOffline(false);

      // Back online, the stream comes back from the last event it had and the bell catches up.
      await expect.poll(() => bellLabel(page), ARRIVAL).toBe('Notifications, 2 unread');
      await expect.poll(() => streams.length, ARRIVAL).toBeGreaterThan(0);
      expect(streams.every((stream) => /^\d+$/.test(stream.lastEventId ?? ''))).toBe(true);
      await bell(page).click();
      const items = page.getByTestId('notifications-menu').getByTestId('notification-item');
      await expect.poll(() => items.count()).toBe(2);
      expect(await items.nth(0).getByTestId('notification-text').textContent()).toBe(
        `${fan.user.username} commented on ${story.title}`,
      );
    },
    SLOW,
  );

  it(
    'opens a comment in its thread from its notification, and marks it read',
    async () => {
      const [me, fan] = await Promise.all([
        signedInSession(newUser('cartographer')),
        signedInSession(newUser('ferry')),
      ]);
      const story = await storyOf(me, 'Island Charts');
      const remark = `Twice drawn, twice moved (${randomBytes(2).toString('hex')})`;
      const posted = await comment(fan, story.chapterId, { body: remark, paragraph: 1 });
      await expect.poll(() => unreadViaApi(me), ARRIVAL).toBe(1);

      const page = await openPage('/notifications', { storageState: me.storageState });
      const row = rowWith(page, `${fan.user.username} commented on ${story.title}`);
      await row.waitFor();
      await row.click();

      // The reader, on the chapter, with the paragraph's thread open at the comment.
      await page.waitForURL((url) => url.pathname === `/stories/${story.id}/read`);
      const panel = page.getByTestId('paragraph-comments');
      await panel.waitFor();
      const shown = panel.locator(`[data-comment-id="${posted.id}"]`);
      await shown.waitFor();
      expect(await shown.getAttribute('data-targeted')).not.toBeNull();
      expect(await shown.isVisible()).toBe(true);
      // The address keeps the chapter only: the next chapter or a reload starts plainly.
      await page.waitForURL((url) => [...url.searchParams.keys()].join() === 'chapter');
      await expect.poll(() => unreadViaApi(me)).toBe(0);
      await expect.poll(() => bellLabel(page)).toBe('Notifications');
    },
    SLOW,
  );

  it(
    'groups likes of a story into one notification',
    async () => {
      const [me, first, second] = await Promise.all([
        signedInSession(newUser('author')),
        signedInSession(newUser('bram')),
        signedInSession(newUser('ines')),
      ]);
      const story = await storyOf(me, 'Harbour Songs');
      await like(first, story.id);
      await expect.poll(() => unreadViaApi(me), ARRIVAL).toBe(1);
      await like(second, story.id);
      await expect.poll(async () => (await listViaApi(me))[0]?.actors_count, ARRIVAL).toBe(2);
      expect(await unreadViaApi(me)).toBe(1);

      const page = await openPage('/notifications', {
        storageState: me.storageState,
        colorScheme: 'dark',
      });
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await seriousViolations(page, NOT_OURS)).toEqual([]);
      const names = [second.user.username, first.user.username];
      expect(await rows(page).getByTestId('notification-text').textContent()).toBe(
        `${names[0]} and ${names[1]} liked ${story.title}`,
      );
      expect(await rows(page).getAttribute('href')).toBe(`/stories/${story.id}`);
    },
    SLOW,
  );

  it(
    'stops telling a kind whose switch is off in Settings → Notifications',
    async () => {
      const [me, stranger, reader] = await Promise.all([
        signedInSession(newUser('quiet')),
        signedInSession(newUser('stranger')),
        signedInSession(newUser('liker')),
      ]);
      const story = await storyOf(me, 'Quiet Waters');
      const page = await openPage('/settings?tab=notifications', {
        storageState: me.storageState,
      });

      // Push cannot be turned on, and says why.
      const push = page.getByRole('switch', { name: 'Push notifications' });
      await push.waitFor();
      expect(await push.isDisabled()).toBe(true);
      expect(await push.getAttribute('aria-checked')).toBe('false');
      await page
        .getByText(
          'Push notifications are not available yet: Storyloom does not send browser push messages.',
        )
        .waitFor();

      const newFollower = page.getByRole('switch', { name: 'New follower' });
      expect(await newFollower.getAttribute('aria-checked')).toBe('true');
      await newFollower.click();
      await page.getByTestId('save-settings').click();
      await expectToast(page, 'Settings saved');
      const { data: settings } = await apiAs<Record<string, unknown>>(
        me.accessToken,
        '/users/me/settings',
      );
      expect(settings.notifyNewFollower).toBe(false);

      // A follow now tells nothing; a like, still switched on, does (and shows the worker ran).
      await follow(stranger, me.user.username);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await like(reader, story.id);
      await expect.poll(() => unreadViaApi(me), ARRIVAL).toBe(1);
      // A few seconds more: still no follow.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await unreadViaApi(me)).toBe(1);
      expect((await listViaApi(me)).map((item) => item.type)).toEqual(['story_like']);

      // The bell shows the one there is.
      await gotoLive(page, '/feed');
      await expect.poll(() => bellLabel(page)).toBe('Notifications, 1 unread');
    },
    SLOW,
  );

  it(
    'works at phone width: the bell’s menu and the page fit the screen',
    async () => {
      const [me, fan] = await Promise.all([
        signedInSession(newUser('pocket')),
        signedInSession(newUser('thumb')),
      ]);
      const story = await storyOf(me, 'A Very Long Title For A Story Read On A Small Phone Screen');
      const page = await openWithStream(me, '/feed', PHONE);
      await follow(fan, me.user.username);
      await comment(fan, story.chapterId, { body: `Read it on the bus (${story.id.slice(-4)})` });
      await expect.poll(() => bellLabel(page), ARRIVAL).toBe('Notifications, 2 unread');

      const button = (await bell(page).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
      await bell(page).click();
      const menu = page.getByTestId('notifications-menu');
      await menu.waitFor();
      await expect.poll(() => menu.getByTestId('notification-item').count()).toBe(2);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expectNoSidewaysScroll(page);

      await menu.getByTestId('notification-item').filter({ hasText: 'followed you' }).click();
      await page.waitForURL((url) => url.pathname === `/profile/${fan.user.username}`);
      await expect.poll(() => bellLabel(page)).toBe('Notifications, 1 unread');

      await gotoLive(page, '/notifications');
      await expect.poll(() => rows(page).count()).toBe(2);
      for (const row of await rows(page).all()) {
        const rowBox = (await row.boundingBox())!;
        expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(PHONE.width);
      }
      await expectNoSidewaysScroll(page);
      expect(await page.getByTestId('unread-dot').count()).toBe(1);
    },
    SLOW,
  );

  it(
    'emails a new follower with a one-click unsubscribe link that turns the emails off',
    async () => {
      const [me, fan] = await Promise.all([
        signedInSession(newUser('mailed')),
        signedInSession(newUser('fan')),
      ]);
      // Notification emails go to verified addresses only.
      const verify = new URL(await linkFromOutbox(me.user.email, '/auth/verify-email'));
      const verified = await apiAs(null, '/auth/verify-email', {
        method: 'POST',
        body: JSON.stringify({ token: verify.searchParams.get('token') }),
      });
      expect(verified.status).toBe(200);
      await follow(fan, me.user.username);
      const followed = `${fan.user.username} followed you`;
      const mailed = async () =>
        (await outboxFor(me.user.email)).find((mail) => mail.subject === followed);
      await expect.poll(mailed, ARRIVAL).toBeDefined();
      const mail = await mailed();
      const raw = (await readFile(join(inject('dataDir'), 'outbox', mail!.file), 'utf8'))
        // Long header fields are folded onto indented lines.
        .replace(/\r?\n[ \t]+/g, ' ');
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(raw).toMatch(
        /^List-Unsubscribe: <http[^>]+\/api\/notifications\/unsubscribe\?token=/m,
      );
      const link = /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9_.%-]+/.exec(mail!.text)?.[0];
      expect(link).toBeDefined();

      // Opened from the email, signed in or not: it says what stops, and stops it in one click.
      const url = new URL(link!);
      const page = await openPage(url.pathname + url.search, { viewport: PHONE });
      await page.getByRole('heading', { name: 'Unsubscribe from these emails?' }).waitFor();
      expect(await page.getByTestId('unsubscribe-page').textContent()).toContain(
        `${me.user.username} will no longer get emails about replies, mentions and new followers`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('unsubscribe-button').click();
      await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
      const settings = await apiAs<{ emailNotifications: boolean }>(
        me.accessToken,
        '/users/me/settings',
      );
      expect(settings.data.emailNotifications).toBe(false);
    },
    SLOW,
  );
});
