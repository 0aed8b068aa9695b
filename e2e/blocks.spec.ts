import { randomBytes } from 'node:crypto';
import { SAFETY_MESSAGES } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { apiAs, chaptersViaApi, createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Blocks and mutes (issue 21): the profile menu blocks (after saying what a block does) and
 * mutes; a blocked reader is told why they cannot comment or follow; Settings → Privacy lists
 * both, with their undo.
 */
const { openPage } = useBrowser();
const SLOW = 120_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;
let author: Session;
let reader: Session;

beforeAll(async () => {
  [author, reader] = await Promise.all([
    signedInSession(newUser('keeper')),
    signedInSession(newUser('heckler')),
  ]);
});

async function openProfile(session: Session, username: string, viewport = DESKTOP) {
  const page = await openPage(`/profile/${username}`, {
    viewport,
    storageState: session.storageState,
  });
  await page.getByTestId('profile-header').waitFor();
  return page;
}

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menu').waitFor();
};

const listed = async (session: Session, kind: 'blocks' | 'mutes') =>
  (
    await apiAs<{ items: { username: string }[] }>(session.accessToken, `/users/me/${kind}`)
  ).data.items.map((item) => item.username);

describe('blocking and muting', () => {
  it(
    'blocks from the profile menu, after saying what it does, and the blocked reader cannot comment or follow',
    async () => {
      const story = await createStoryViaApi(author.accessToken, {
        title: `Quiet Harbour ${randomBytes(3).toString('hex')}`,
        chapters: [{ title: 'Low Tide', content: '<p>The boats lay on their sides.</p>' }],
      });
      await chaptersViaApi(author.accessToken, story.id);

      const page = await openProfile(author, reader.user.username);
      await openMenu(page);
      await page.getByRole('menuitem', { name: `Block ${reader.user.username}` }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toBe(
        SAFETY_MESSAGES.blockConfirmTitle(reader.user.username),
      );
      expect(await dialog.textContent()).toContain(SAFETY_MESSAGES.blockConfirmBody);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Block' }).click();
      await expectToast(page, SAFETY_MESSAGES.blocked);
      await dialog.waitFor({ state: 'detached' });
      expect(await listed(author, 'blocks')).toEqual([reader.user.username]);
      // The menu now offers the undo.
      await openMenu(page);
      await page.getByRole('menuitem', { name: `Unblock ${reader.user.username}` }).waitFor();
      await page.keyboard.press('Escape');

      // The blocked reader opens the author's chapter and tries to comment.
      const reading = await openPage(`/stories/${story.id}/read?chapter=1`, {
        storageState: reader.storageState,
      });
      await reading.getByTestId('comment-thread').waitFor();
      const box = reading.getByRole('textbox', { name: 'Add a comment…' });
      await box.fill('You cannot keep me out.');
      await reading.getByTestId('chapter-comments').getByRole('button', { name: 'Post' }).click();
      const alert = reading.getByTestId('chapter-comments').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(SAFETY_MESSAGES.commentBlocked);
      // Nothing was posted.
      const thread = await apiAs<{ total: number }>(
        null,
        `/chapters/${(await chaptersViaApi(author.accessToken, story.id))[0]!.id}/comments`,
      );
      expect(thread.data.total).toBe(0);

      // Following the author is refused with the server's reason.
      const profile = await openProfile(reader, author.user.username);
      await profile.getByTestId('follow-button').click();
      await expectToast(profile, 'Failed to follow user', SAFETY_MESSAGES.followBlocked);
    },
    SLOW,
  );

  it(
    'lists blocked and muted accounts in Settings → Privacy, with Unblock and Unmute',
    async () => {
      const me = await signedInSession(newUser('curator'));
      const [loud, rude] = await Promise.all([
        signedInSession(newUser('loud')),
        signedInSession(newUser('rude')),
      ]);
      // Mute from the profile menu: no question asked, the person is not told.
      const profilePage = await openProfile(me, loud.user.username, PHONE);
      await openMenu(profilePage);
      await profilePage.getByRole('menuitem', { name: `Mute ${loud.user.username}` }).click();
      await expectToast(profilePage, SAFETY_MESSAGES.muted);
      await apiAs(me.accessToken, `/users/${rude.user.username}/block`, { method: 'POST' });

      const page = await openPage('/settings?tab=privacy', { storageState: me.storageState });
      await page.getByTestId('settings-page').waitFor();
      const blocks = page.getByTestId('blocks-list');
      const mutes = page.getByTestId('mutes-list');
      await blocks.getByRole('link', { name: rude.user.username }).waitFor();
      await mutes.getByRole('link', { name: loud.user.username }).waitFor();
      // The top bar's account button (initials shown, named "Account menu") is the shell's, not
      // this screen's: axe sometimes flags it, whatever the page.
      expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);

      await blocks.getByRole('button', { name: `Unblock ${rude.user.username}` }).click();
      await expectToast(page, SAFETY_MESSAGES.unblocked);
      await blocks.getByText(SAFETY_MESSAGES.noBlocked).waitFor();
      expect(await listed(me, 'blocks')).toEqual([]);

      await mutes.getByRole('button', { name: `Unmute ${loud.user.username}` }).click();
      await expectToast(page, SAFETY_MESSAGES.unmuted);
      await mutes.getByText(SAFETY_MESSAGES.noMuted).waitFor();
      expect(await listed(me, 'mutes')).toEqual([]);
    },
    SLOW,
  );
});
