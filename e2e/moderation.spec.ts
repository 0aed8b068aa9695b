import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MODERATION_MESSAGES } from '@storyloom/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, sessionOf, signedInSession, signUpViaApi } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { apiAs, createStoryViaApi, expectToast } from './support/stories.js';

/**
 * Moderation (issue 21): a reader reports a story, a moderator (made with `npm run admin`, as
 * the README says) finds it in /admin and hides it, and the story no longer appears in search;
 * its author sees "Hidden by the moderators" and the reason.
 */
const { openPage } = useBrowser();
const SLOW = 120_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the screenshots of this spec go, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(ROOT, 'e2e', '.screenshots');

type Session = Awaited<ReturnType<typeof signedInSession>>;
let author: Session;
let reader: Session;
let moderator: Session;

/** `npm run admin -- grant <username> <role>` against the server's own database. */
async function grant(username: string, role: 'moderator' | 'admin') {
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'apps/api/dist/scripts/admin.js'), 'grant', username, role],
    {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: inject('dataDir'),
        LOG_LEVEL: 'silent',
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  );
}

beforeAll(async () => {
  const staff = await signUpViaApi(newUser('warden'));
  await grant(staff.username, 'moderator');
  [author, reader, moderator] = await Promise.all([
    signedInSession(newUser('scribe')),
    signedInSession(newUser('sentinel')),
    sessionOf(staff),
  ]);
  mkdirSync(SHOTS, { recursive: true });
});

/** A screenshot once the dialogs' fade-in is over. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

async function searchTitles(page: Page, word: string) {
  await page.goto(`/stories?q=${encodeURIComponent(word)}`);
  await page.getByTestId('discover-results').or(page.getByTestId('empty-state')).first().waitFor();
  return page.getByTestId('discover-results').locator('article h3').allTextContents();
}

describe('a report travels from a reader to the queue to a hidden story', () => {
  it(
    'reader reports, moderator hides from /admin, search no longer finds it, the author is told why',
    async () => {
      const word = `Gloomwick${randomBytes(3).toString('hex')}`;
      const story = await createStoryViaApi(author.accessToken, {
        title: `${word} Ledger`,
        chapters: [{ title: 'Counting', content: '<p>Buy followers at cheap-links dot test.</p>' }],
      });

      // The reader finds it, and reports it from the story page.
      const page = await openPage(`/stories/${story.id}`, { storageState: reader.storageState });
      expect(await searchTitles(page, word)).toEqual([`${word} Ledger`]);
      await page.goto(`/stories/${story.id}`);
      await page.getByTestId('report-story').click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText(MODERATION_MESSAGES.reasonRequired).waitFor();
      await dialog.getByRole('radio', { name: 'Spam' }).click();
      await dialog.getByRole('textbox', { name: /Note/ }).fill('Link farm in chapter 1');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'report-dialog-desktop-light');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expectToast(page, 'Report sent', MODERATION_MESSAGES.reported);

      // A reader is not staff: /admin says so.
      await page.goto('/admin');
      await page.getByTestId('admin-forbidden').waitFor();
      expect(await page.getByText(MODERATION_MESSAGES.staffOnly).count()).toBe(1);

      // The moderator sees it in the queue, with its reason and note, and hides it.
      const mod = await openPage('/', { storageState: moderator.storageState });
      // Staff find the queue in the account menu.
      await mod.getByTestId('user-menu').click();
      await mod
        .getByTestId('user-menu-content')
        .getByRole('menuitem', { name: 'Moderation' })
        .click();
      await mod.waitForURL((url) => url.pathname === '/admin');
      await mod.getByTestId('admin-page').waitFor();
      const card = mod.getByTestId('report-group').filter({ hasText: `${word} Ledger` });
      await card.waitFor();
      expect(await card.textContent()).toContain('Spam');
      expect(await card.textContent()).toContain('Link farm in chapter 1');
      // The opened account menu's trigger (an avatar) is judged on its own elsewhere.
      expect(await seriousViolations(mod, ['[data-testid="user-menu"]'])).toEqual([]);
      await shoot(mod, 'admin-desktop-light');
      await card.getByTestId('action-hide').click();
      await card.getByText(MODERATION_MESSAGES.actionReasonRequired).waitFor();
      await card.getByTestId('action-reason').fill('Advertising links');
      await card.getByTestId('action-hide').click();
      await expectToast(mod, 'Hidden');
      await mod.getByText('No open reports').waitFor();

      // Search no longer finds it, for the reader or a visitor; its page is gone for them.
      expect(await searchTitles(page, word)).toEqual([]);
      const visitor = await openPage(`/stories?q=${word}`);
      expect(await searchTitles(visitor, word)).toEqual([]);

      // The author still sees it, hidden by the moderators, with the reason.
      const own = await openPage(`/stories/${story.id}`, { storageState: author.storageState });
      const notice = own.getByTestId('hidden-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(MODERATION_MESSAGES.hiddenByModerators);
      expect(await notice.textContent()).toContain('Advertising links');

      // The reporter is told it was handled, by no one in particular.
      const told = await apiAs<{ items: { type: string; actors: unknown[] }[] }>(
        reader.accessToken,
        '/notifications',
      );
      expect(
        told.data.items.some((n) => n.type === 'report_resolved' && n.actors.length === 0),
      ).toBe(true);
    },
    SLOW,
  );

  it(
    'the queue and the report dialog read well on a phone and in the dark',
    async () => {
      const story = await createStoryViaApi(author.accessToken, {
        title: `Dimlantern ${randomBytes(3).toString('hex')}`,
        chapters: [{ title: 'One', content: '<p>Plain words.</p>' }],
      });
      await apiAs(reader.accessToken, '/reports', {
        method: 'POST',
        body: JSON.stringify({
          target_type: 'story',
          target_id: story.id,
          reason: 'copyright',
          note: 'Copied',
        }),
      });
      for (const [viewport, size] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        for (const scheme of ['light', 'dark'] as const) {
          const mod = await openPage('/admin', {
            viewport,
            colorScheme: scheme,
            storageState: moderator.storageState,
          });
          await mod.getByTestId('report-group').first().waitFor();
          await shoot(mod, `admin-${size}-${scheme}`);
          const page = await openPage(`/stories/${story.id}`, {
            viewport,
            colorScheme: scheme,
            storageState: reader.storageState,
          });
          await page.getByTestId('report-story').click();
          await page.getByTestId('report-dialog').waitFor();
          await shoot(page, `report-dialog-${size}-${scheme}`);
          expect(await seriousViolations(page)).toEqual([]);
        }
      }
    },
    SLOW,
  );
});
