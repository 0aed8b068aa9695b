import { UNSUBSCRIBE_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { dueJobsDone, waitFor } from '../../test/jobs.js';
import { captureMailer } from '../../test/mail.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { digestWeek, scheduleWeeklyDigest } from './mail.js';

const GAP_MS = 1_500;
const capture = captureMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: capture.mailer,
    env: {
      RATE_LIMIT_FACTOR: '100',
      NOTIFY_UNDO_WINDOW_MS: '0',
      NOTIFY_MAIL_DELAY_MS: '200',
      NOTIFY_MAIL_GAP_MS: String(GAP_MS),
    },
  });
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
const mailsTo = (email: string) => capture.messages.filter((m) => m.to === email);
const follow = (who: { auth: object }, username: string) =>
  call(t, 'POST', `/users/${username}/follow`, who.auth as { authorization: string });
const settle = () => dueJobsDone(t.testDb.db, 500);

describe('notification emails', () => {
  it('batches follows, replies and mentions into a few emails with one-click unsubscribe', async () => {
    const mira = await newUser();
    const fans = await Promise.all([newUser(), newUser(), newUser()]);
    await follow(fans[0]!, mira.user.username);
    await follow(fans[1]!, mira.user.username);
    await waitFor(() => mailsTo(mira.user.email).length === 1);
    const [first] = mailsTo(mira.user.email);
    expect(first!.subject).toBe('2 new notifications on Storyloom');
    expect(first!.text).toContain(`${fans[0]!.user.username} followed you`);
    expect(first!.text).toContain(`${t.config.publicUrl}/profile/${fans[1]!.user.username}`);
    expect(first!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/.+\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The next one waits for the gap, and tells only what is new.
    await follow(fans[2]!, mira.user.username);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(mira.user.email)).toHaveLength(1);
    await waitFor(() => mailsTo(mira.user.email).length === 2, GAP_MS + 5_000);
    const second = mailsTo(mira.user.email)[1]!;
    expect(second.subject).toBe(`${fans[2]!.user.username} followed you`);
    expect(second.text).not.toContain(fans[0]!.user.username);

    // The mail client's one-click POST (RFC 8058) turns the switch off.
    const url = new URL(second.headers!['List-Unsubscribe']!.slice(1, -1));
    const peek = await call(t, 'GET', `/notifications/unsubscribe${url.search}`);
    expect(peek.body.data).toEqual({
      username: mira.user.username,
      switch: 'emailNotifications',
      subscribed: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { subscribed: false },
      message: UNSUBSCRIBE_MESSAGES.unsubscribed,
    });
    const settings = await call(t, 'GET', '/users/me/settings', mira.auth);
    expect(settings.body.data.emailNotifications).toBe(false);
    // The in-app notifications go on.
    const more = await newUser();
    await follow(more, mira.user.username);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, GAP_MS + 300));
    await settle();
    expect(mailsTo(mira.user.email)).toHaveLength(2);
  });

  it('refuses a forged or broken unsubscribe link and changes nothing', async () => {
    const mira = await newUser();
    for (const token of [
      'nope',
      `${mira.user.id}.emailNotifications.forged`,
      `${mira.user.id}.theme.x`,
    ]) {
      const res = await call(
        t,
        'POST',
        `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(UNSUBSCRIBE_MESSAGES.invalidLink);
    }
    expect(
      (await call(t, 'GET', '/users/me/settings', mira.auth)).body.data.emailNotifications,
    ).toBe(true);
  });

  it('mails the weekly digest once per person per week, even when scheduled again', async () => {
    const author = await newUser();
    const reader = await newUser();
    const quiet = await newUser();
    await call(t, 'PUT', '/users/me/settings', reader.auth, { notifyWeeklyDigest: true });
    await call(t, 'PUT', '/users/me/settings', quiet.auth, { notifyWeeklyDigest: true });
    const story = await createStory(t, author.auth, { title: 'Saltmarsh' });
    await call(t, 'POST', `/library/${story.id}`, reader.auth);
    const [chapter] = await chaptersOf(t, story.id, author.auth);

    // The app scheduled this week's digest when it started; another process finds it done.
    const { period } = digestWeek(new Date());
    const runs = await t.testDb.db.kysely
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('period', '=', period)
      .execute();
    expect(runs).toHaveLength(1);
    expect(await scheduleWeeklyDigest(t.testDb.db)).toBe(false);

    // Next week's run covers the chapter published this week.
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600_000);
    capture.messages.length = 0;
    expect(await scheduleWeeklyDigest(t.testDb.db, nextWeek)).toBe(true);
    expect(await scheduleWeeklyDigest(t.testDb.db, nextWeek)).toBe(false);
    await t.testDb.db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('kind', '=', 'weekly-digest')
      .where('done_at', 'is', null)
      .execute();
    await waitFor(() => mailsTo(reader.user.email).length === 1);
    const digest = mailsTo(reader.user.email)[0]!;
    expect(digest.subject).toBe('Your week on Storyloom: 1 new chapter');
    expect(digest.text).toContain(`Saltmarsh by ${author.user.username}`);
    expect(digest.text).toContain(`/stories/${story.id}/read?chapter=1&chapter_id=${chapter!.id}`);
    expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await settle();
    // Nothing new for the quiet reader, so no email; nobody gets a second one.
    expect(mailsTo(quiet.user.email)).toHaveLength(0);
    expect(mailsTo(reader.user.email)).toHaveLength(1);
  });
});
