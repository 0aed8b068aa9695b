import { STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { dueJobsDone } from '../../test/jobs.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { createNotifier } from '../notifications/events.js';
import { publishChapterJob } from './schedule.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100', NOTIFY_UNDO_WINDOW_MS: '0' } });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = () => createUser(t.testDb.db, t.config);
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
/** Far enough ahead that nothing publishes while a test looks. */
const tomorrow = () => inMs(24 * 3600_000);
/** Soon enough for a test to wait for: the worker runs the job at this time. */
const SOON_MS = 1200;

async function storyOf(author: Person, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, author.auth, overrides);
  await dueJobsDone(t.testDb.db);
  return story as { id: string };
}

const schedule = (author: Person, storyId: string, publishAt: string | null, extra = {}) =>
  call(t, 'POST', '/chapters', author.auth, {
    story_id: storyId,
    title: 'Low Tide',
    content: '<p>The water went out.</p>',
    publish_at: publishAt,
    ...extra,
  });

const newChapterNotices = async (who: Person, chapterId: string) =>
  (await call(t, 'GET', '/notifications?limit=100', who.auth)).body.data.items.filter(
    (n: { type: string; chapter: { id: string } | null }) =>
      n.type === 'new_chapter' && n.chapter?.id === chapterId,
  ).length;

const story = async (id: string, who?: Person) =>
  (await call(t, 'GET', `/stories/${id}`, who?.auth)).body.data;

describe('scheduling a chapter', () => {
  it('keeps it from everyone but its author, who sees when it will publish', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { id } = await storyOf(author);
    const at = tomorrow();
    const res = await schedule(author, id, at);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ published: false, publish_at: at, published_at: null });
    const chapterId = res.body.data.id;

    for (const who of [undefined, reader]) {
      expect((await call(t, 'GET', `/chapters/${chapterId}`, who?.auth)).status).toBe(404);
      const toc = await call(t, 'GET', `/stories/${id}/chapters?published_only=false`, who?.auth);
      expect(toc.body.data.map((c: { id: string }) => c.id)).not.toContain(chapterId);
      expect((await story(id, who)).chapters_count).toBe(1);
    }
    const own = await call(t, 'GET', `/stories/${id}/chapters?published_only=false`, author.auth);
    expect(own.body.data[1]).toMatchObject({ id: chapterId, published: false, publish_at: at });
  });

  it('takes a time with an offset and keeps it in UTC', async () => {
    const author = await newUser();
    const { id } = await storyOf(author);
    const utc = new Date(Date.now() + 3 * 3600_000);
    utc.setUTCMilliseconds(0);
    const local = new Date(utc.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const res = await schedule(author, id, local);
    expect(res.status).toBe(201);
    expect(res.body.data.publish_at).toBe(utc.toISOString());
  });

  it('refuses a time in the past, a bad one, one too far ahead, and scheduling a published chapter', async () => {
    const author = await newUser();
    const { id } = await storyOf(author);
    const [first] = await chaptersOf(t, id, author.auth);
    const cases: [unknown, Record<string, unknown>, string][] = [
      [inMs(-60_000), {}, STORY_MESSAGES.scheduleInPast],
      ['next tuesday', {}, STORY_MESSAGES.scheduleInvalid],
      ['2026-13-45T99:00:00Z', {}, STORY_MESSAGES.scheduleInvalid],
      [12345, {}, STORY_MESSAGES.scheduleInvalid],
      [inMs(400 * 24 * 3600_000), {}, STORY_MESSAGES.scheduleTooFar],
      [tomorrow(), { published: true }, STORY_MESSAGES.scheduleAndPublish],
      [tomorrow(), { content: '<p> </p>' }, STORY_MESSAGES.chapterNoContent],
    ];
    for (const [publishAt, extra, message] of cases) {
      const res = await schedule(author, id, publishAt as string, extra);
      expect(res.status, String(publishAt)).toBe(400);
      expect(JSON.stringify(res.body.error.details)).toContain(message);
    }
    const onPublished = await call(t, 'PATCH', `/chapters/${first!.id}`, author.auth, {
      publish_at: tomorrow(),
    });
    expect(onPublished.status).toBe(400);
    expect(onPublished.body.error.details.publish_at).toBe(STORY_MESSAGES.scheduleWhilePublished);
    // Nothing changed: one chapter, still published, no schedule.
    const after = await chaptersOf(t, id, author.auth);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ published: true });
    expect(after[0]).not.toHaveProperty('publish_at');
    // Only the author may schedule.
    const other = await newUser();
    const theirs = await call(t, 'PATCH', `/chapters/${first!.id}`, other.auth, {
      publish_at: tomorrow(),
    });
    expect(theirs.status).toBe(403);
  });

  it('refuses to empty a scheduled chapter', async () => {
    const author = await newUser();
    const { id } = await storyOf(author);
    const { body } = await schedule(author, id, tomorrow());
    const res = await call(t, 'PATCH', `/chapters/${body.data.id}`, author.auth, {
      content: '<p></p>',
    });
    expect(res.status).toBe(400);
  });
});

describe('publishing at the scheduled time', () => {
  it('publishes it everywhere at once, dated the scheduled time, and tells readers once', async () => {
    const author = await newUser();
    const follower = await newUser();
    await call(t, 'POST', `/users/${author.user.username}/follow`, follower.auth);
    const { id } = await storyOf(author);
    await dueJobsDone(t.testDb.db);
    const at = inMs(SOON_MS);
    const { body } = await schedule(author, id, at);
    const chapterId = body.data.id;
    expect((await call(t, 'GET', `/chapters/${chapterId}`)).status).toBe(404);

    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    await dueJobsDone(t.testDb.db);
    const visible = await call(t, 'GET', `/chapters/${chapterId}`);
    expect(visible.status).toBe(200);
    expect(visible.body.data).toMatchObject({ published: true, published_at: at });
    expect(visible.body.data).not.toHaveProperty('publish_at');
    const detail = await story(id);
    expect(detail.chapters_count).toBe(2);
    expect(Date.parse(detail.updated_at)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(await newChapterNotices(follower, chapterId)).toBe(1);

    // The same job run again (claimed a second time after its worker died) changes nothing.
    const again = publishChapterJob({
      db: t.testDb.db,
      notifier: createNotifier({ undoWindowMs: 0, poke: () => {} }),
      onPublished: () => {},
    });
    await again({ chapter_id: chapterId, publish_at: at });
    await dueJobsDone(t.testDb.db);
    expect(await newChapterNotices(follower, chapterId)).toBe(1);
    expect((await story(id)).chapters_count).toBe(2);
  });

  it('publishes at the new time once rescheduled, never at the old one', async () => {
    const author = await newUser();
    const { id } = await storyOf(author);
    const { body } = await schedule(author, id, inMs(SOON_MS));
    const chapterId = body.data.id;
    const later = tomorrow();
    const res = await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, {
      publish_at: later,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.publish_at).toBe(later);
    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    const [, chapter] = await chaptersOf(t, id, author.auth);
    expect(chapter).toMatchObject({ published: false, publish_at: later });
    expect((await call(t, 'GET', `/chapters/${chapterId}`)).status).toBe(404);

    // Moved back to soon: published then.
    const soon = inMs(SOON_MS);
    await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { publish_at: soon });
    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    const published = await call(t, 'GET', `/chapters/${chapterId}`);
    expect(published.body.data).toMatchObject({ published: true, published_at: soon });
  });

  it('does not publish a cancelled schedule', async () => {
    const author = await newUser();
    const { id } = await storyOf(author);
    const { body } = await schedule(author, id, inMs(SOON_MS));
    const res = await call(t, 'PATCH', `/chapters/${body.data.id}`, author.auth, {
      publish_at: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('publish_at');
    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    const [, chapter] = await chaptersOf(t, id, author.auth);
    expect(chapter).toMatchObject({ published: false });
    expect(chapter).not.toHaveProperty('publish_at');
  });

  it('publishing now cancels the schedule, and readers are told once', async () => {
    const author = await newUser();
    const follower = await newUser();
    await call(t, 'POST', `/users/${author.user.username}/follow`, follower.auth);
    const { id } = await storyOf(author);
    const { body } = await schedule(author, id, inMs(SOON_MS));
    const chapterId = body.data.id;
    const now = await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { published: true });
    expect(now.status).toBe(200);
    expect(now.body.data).not.toHaveProperty('publish_at');
    const publishedAt = now.body.data.published_at;
    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    await dueJobsDone(t.testDb.db);
    const chapter = await call(t, 'GET', `/chapters/${chapterId}`);
    expect(chapter.body.data.published_at).toBe(publishedAt);
    expect(await newChapterNotices(follower, chapterId)).toBe(1);
  });

  it('tells nobody of a chapter of a private story', async () => {
    const author = await newUser();
    const follower = await newUser();
    await call(t, 'POST', `/users/${author.user.username}/follow`, follower.auth);
    const { id } = await storyOf(author, { visibility: 'private' });
    const { body } = await schedule(author, id, inMs(SOON_MS));
    await dueJobsDone(t.testDb.db, SOON_MS + 500);
    await dueJobsDone(t.testDb.db);
    const [, chapter] = await chaptersOf(t, id, author.auth);
    expect(chapter).toMatchObject({ id: body.data.id, published: true });
    expect(await newChapterNotices(follower, body.data.id)).toBe(0);
    expect((await call(t, 'GET', `/chapters/${body.data.id}`, follower.auth)).status).toBe(404);
  });
});
