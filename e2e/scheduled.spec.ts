import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInSession } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { gotoLive, PHONE, reloadLive, useBrowser } from './support/browser.js';
import {
  apiAs,
  type ChapterPayload,
  chaptersViaApi,
  createStoryViaApi,
  expectToast,
} from './support/stories.js';

/**
 * Scheduled chapters (issue 22, docs/decisions/028-scheduled-chapters.md): the author schedules
 * a chapter in the editor, in their own time zone; until its time only they see it, marked
 * "Scheduled for …"; then it appears to a visitor with nothing else done.
 */
const { openPage } = useBrowser();
const SLOW = 150_000;
/** How far ahead the chapter is scheduled: long enough for the editor to save it first. */
const AHEAD_MS = 20_000;
const ZONE = 'America/New_York';
const TITLE = `Low Tide ${Date.now().toString(36)}`;

type Session = Awaited<ReturnType<typeof signedInSession>>;
let author: Session;

beforeAll(async () => {
  author = await signedInSession();
});

/** `ms` as the schedule field takes it, in the page's own time zone, to the second. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, ms);

const contentsTitles = (page: Page) => page.getByTestId('contents-title').allTextContents();

describe('scheduled chapters', () => {
  it('are the author’s alone until their time, then appear to a visitor by themselves', {
    timeout: SLOW,
  }, async () => {
    const story = await createStoryViaApi(author.accessToken, {
      title: `The Saltmarsh Timetable ${Date.now().toString(36)}`,
      chapters: [{ title: 'High Tide', content: '<p>The water came in over the marsh.</p>' }],
    });
    const page = await openPage(`/stories/${story.id}/edit`, {
      storageState: author.storageState,
      timezoneId: ZONE,
    });
    await page.getByTestId('edit-story-page').waitFor();
    await page.getByRole('tab', { name: 'Chapters' }).click();
    await page.getByTestId('add-chapter').click();
    await page.getByTestId('chapter-title-input').fill(TITLE);
    await page.getByTestId('chapter-content-editor').click();
    await page.keyboard.type('The water went out, and the road appeared.');

    // A time in the past is refused in the dialog, which names the writer's zone.
    await page.getByTestId('schedule-chapter').click();
    const dialog = page.getByTestId('schedule-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Time zone: ${ZONE}`);
    // The dialog (the page behind its overlay is dimmed on purpose, and checked below).
    expect(await seriousViolations(page, ['[data-testid="edit-story-page"]'])).toEqual([]);
    await page.getByTestId('schedule-input').fill(await localInput(page, Date.now() - 120_000));
    await page.getByTestId('schedule-confirm').click();
    expect(await page.getByTestId('schedule-error').textContent()).toBe(
      'Choose a time in the future',
    );

    const at = Date.now() + AHEAD_MS;
    await page.getByTestId('schedule-input').fill(await localInput(page, at));
    await page.getByTestId('schedule-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Chapter scheduled', 'Click Save Changes');
    expect(await page.getByTestId('chapter-scheduled-status').textContent()).toMatch(
      /^Scheduled for .*\d{1,2}:\d{2} (AM|PM) (EST|EDT)$/,
    );
    await page.getByTestId('save-changes').click();
    await expectToast(page, 'Story Updated!');
    await page.getByTestId('unsaved-indicator').waitFor({ state: 'detached' });
    expect(await page.getByTestId('chapter-scheduled').count()).toBe(1);

    // Stored in UTC, to the second the author chose.
    const saved = (await chaptersViaApi(author.accessToken, story.id)) as (ChapterPayload & {
      publish_at?: string;
    })[];
    const scheduled = saved.find((c) => c.title === TITLE)!;
    expect(scheduled).toMatchObject({ published: false });
    expect(Date.parse(scheduled.publish_at!)).toBe(Math.floor(at / 1000) * 1000);

    // The author's story page marks it.
    await gotoLive(page, `/stories/${story.id}`);
    await page.getByTestId('contents-scheduled').waitFor();
    expect(await page.getByTestId('contents-scheduled').textContent()).toMatch(/^Scheduled for /);
    // The user menu's known finding is left out, as story-page.spec.ts does.
    expect(await seriousViolations(page, ['[data-testid="user-menu"]'])).toEqual([]);

    // A visitor sees neither the chapter nor its title, by list or by id.
    const visitor = await openPage(`/stories/${story.id}`, { viewport: PHONE });
    await visitor.getByTestId('contents-title').first().waitFor();
    expect(await contentsTitles(visitor)).toEqual(['High Tide']);
    expect((await apiAs(null, `/chapters/${scheduled.id}`)).status).toBe(404);
    expect(Date.now()).toBeLessThan(at);

    // Nothing else happens: once its time has come, the visitor's page shows it.
    while (Date.now() < at) await visitor.waitForTimeout(500);
    for (let tries = 0; tries < 30; tries += 1) {
      if ((await contentsTitles(visitor)).includes(TITLE)) break;
      await visitor.waitForTimeout(1_000);
      await reloadLive(visitor);
      await visitor.getByTestId('contents-title').first().waitFor();
    }
    expect(await contentsTitles(visitor)).toEqual(['High Tide', TITLE]);
    expect(await seriousViolations(visitor)).toEqual([]);
    const published = await apiAs<{ published_at: string }>(null, `/chapters/${scheduled.id}`);
    expect(published.status).toBe(200);
    expect(published.data.published_at).toBe(scheduled.publish_at);
  });
});
