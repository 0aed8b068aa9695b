import { MESSAGES, STATS_MESSAGES } from '@storyloom/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY, HOUR } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string } | undefined;

/** Noon (UTC) of today: the test's "now"; events are placed whole days before it. */
const NOON = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
})();
const day = (daysAgo: number) => new Date(NOON - daysAgo * DAY).toISOString().slice(0, 10);
/** Moves the app's clock (Date only: timers and the database run as usual). */
const at = (daysAgo: number, hours = 0) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON - daysAgo * DAY + hours * HOUR);
};

const threeChapters = {
  chapters: [
    { title: 'Low tide', content: '<p>The water went out.</p>' },
    { title: 'Slack water', content: '<p>Nothing moved at all.</p>' },
    { title: 'Flood', content: '<p>And then it came back.</p>' },
  ],
};

async function read(chapterId: string, auth?: Auth, address = '203.0.113.40') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chapters/${chapterId}/progress`,
    remoteAddress: address,
    headers: { 'user-agent': 'StatsTest/1.0', ...auth },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { counted: boolean };
}

const stats = (storyId: string, auth: Auth, query = '') =>
  call(t, 'GET', `/stories/${storyId}/stats${query}`, auth);

type Day = { day: string; reads: number; likes: number; comments: number };
const byDay = (series: Day[]) => new Map(series.map((d) => [d.day, d]));

describe('GET /stories/{id}/stats', () => {
  it('counts real reads, likes and comments on their UTC days, zero-filled, in 7/30/365-day windows', async () => {
    const author = await newUser();
    const [ana, ben, cai] = [await newUser(), await newUser(), await newUser()];

    at(200);
    const story = await createStory(t, author.auth, threeChapters);
    const [one, two, three] = await chaptersOf(t, story.id, author.auth);
    expect((await read(one!.id, ana.auth)).counted).toBe(true);
    // The author's own reads never count (decision 008).
    expect((await read(one!.id, author.auth)).counted).toBe(false);

    at(20, -11); // 01:00 UTC, twenty days ago
    await read(one!.id, ben.auth);
    await read(two!.id, ben.auth);
    expect((await read(one!.id, ben.auth)).counted).toBe(false);
    await read(one!.id); // a visitor
    expect((await call(t, 'POST', `/stories/${story.id}/like`, ben.auth)).status).toBe(200);
    const comment = await call(t, 'POST', `/chapters/${one!.id}/comments`, ben.auth, {
      body: 'The tide line is lovely.',
    });
    expect(comment.status).toBe(201);

    at(2, 11); // 23:00 UTC, two days ago
    await read(one!.id, cai.auth);
    await call(t, 'POST', `/stories/${story.id}/like`, cai.auth);
    await call(t, 'POST', `/chapters/${two!.id}/comments`, cai.auth, { body: 'Slack indeed.' });
    const gone = await call(t, 'POST', `/chapters/${two!.id}/comments`, cai.auth, {
      body: 'Posted twice, sorry.',
    });

    at(1);
    // Ben takes his like back: the likes line loses it on the day it was given.
    await call(t, 'DELETE', `/stories/${story.id}/like`, ben.auth);
    expect((await call(t, 'DELETE', `/comments/${gone.body.data.id}`, cai.auth)).status).toBe(200);

    at(0);
    const week = await stats(story.id, author.auth, '?days=7');
    expect(week.status).toBe(200);
    const w = week.body.data;
    expect(w).toMatchObject({
      story: { id: story.id, title: story.title },
      days: 7,
      from: day(6),
      to: day(0),
      totals: { reads: 1, likes: 1, comments: 1 },
    });
    expect(w.series.map((d: Day) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(byDay(w.series).get(day(2))).toEqual({ day: day(2), reads: 1, likes: 1, comments: 1 });
    expect(byDay(w.series).get(day(5))).toEqual({ day: day(5), reads: 0, likes: 0, comments: 0 });
    expect(w.chapters).toEqual([
      {
        id: one!.id,
        title: 'Low tide',
        order: 1,
        published: true,
        reads: 1,
        readers: 1,
        readers_all_time: 3,
      },
      {
        id: two!.id,
        title: 'Slack water',
        order: 2,
        published: true,
        reads: 0,
        readers: 0,
        readers_all_time: 1,
      },
      {
        id: three!.id,
        title: 'Flood',
        order: 3,
        published: true,
        reads: 0,
        readers: 0,
        readers_all_time: 0,
      },
    ]);

    const month = (await stats(story.id, author.auth, '?days=30')).body.data;
    expect(month.series).toHaveLength(30);
    expect(month.from).toBe(day(29));
    expect(byDay(month.series).get(day(20))).toEqual({
      day: day(20),
      reads: 3,
      likes: 0,
      comments: 1,
    });
    expect(month.totals).toEqual({ reads: 4, likes: 1, comments: 2 });
    expect(month.chapters.map((c: { reads: number }) => c.reads)).toEqual([3, 1, 0]);
    expect(month.chapters.map((c: { readers: number }) => c.readers)).toEqual([2, 1, 0]);

    const year = (await stats(story.id, author.auth, '?days=365')).body.data;
    expect(year.series).toHaveLength(365);
    expect(byDay(year.series).get(day(200))).toMatchObject({ reads: 1 });
    expect(year.totals).toEqual({ reads: 5, likes: 1, comments: 2 });
    expect(year.chapters.map((c: { readers: number }) => c.readers)).toEqual([3, 1, 0]);

    // The daily rows add up to the story's and chapters' own counters.
    const row = await db()
      .selectFrom('stories')
      .select(['reads_count', 'votes_count', 'comments_count'])
      .where('id', '=', story.id)
      .executeTakeFirstOrThrow();
    expect(year.totals).toEqual({
      reads: Number(row.reads_count),
      likes: Number(row.votes_count),
      comments: Number(row.comments_count),
    });

    // Without `days`, the last 30.
    const plain = await stats(story.id, author.auth);
    expect(plain.body.data).toMatchObject({ days: 30, totals: month.totals });
  });

  it('shows today at once, a correction to an earlier day within five minutes, and a chapter brought back whole', async () => {
    const author = await newUser();
    const [ana, ben] = [await newUser(), await newUser()];
    at(3);
    const story = await createStory(t, author.auth, threeChapters);
    const [one, two] = await chaptersOf(t, story.id, author.auth);
    await read(one!.id, ana.auth);
    await call(t, 'POST', `/stories/${story.id}/like`, ben.auth);

    at(0);
    const first = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(first.totals).toEqual({ reads: 1, likes: 1, comments: 0 });

    // Today is read on every request.
    await read(two!.id, ben.auth);
    const live = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(live.totals.reads).toBe(2);
    expect(byDay(live.series).get(day(0))).toMatchObject({ reads: 1 });
    expect(live.chapters.map((c: { reads: number }) => c.reads)).toEqual([1, 1, 0]);

    // A like taken back leaves the day it was given: folded in within five minutes.
    await call(t, 'DELETE', `/stories/${story.id}/like`, ben.auth);
    at(0, 0.1);
    const corrected = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(corrected.totals).toEqual({ reads: 2, likes: 0, comments: 0 });
    expect(byDay(corrected.series).get(day(3))).toMatchObject({ reads: 1, likes: 0 });

    // A chapter deleted and brought back keeps the readers it had, at once.
    expect((await call(t, 'DELETE', `/chapters/${one!.id}`, author.auth)).status).toBe(200);
    const without = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(without.chapters.map((c: { id: string }) => c.id)).not.toContain(one!.id);
    expect((await call(t, 'POST', `/chapters/${one!.id}/restore`, author.auth)).status).toBe(200);
    const back = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(back.chapters[0]).toMatchObject({ id: one!.id, reads: 1, readers_all_time: 1 });
  });

  it('refuses a window other than 7, 30 or 365 with a 400 naming days', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth);
    for (const days of ['14', 'abc', '0', '-7', '7.0', '']) {
      const res = await stats(story.id, author.auth, `?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'invalid_input', details: { days: STATS_MESSAGES.daysInvalid } },
      });
    }
  });

  it('shows a story’s stats to its author only: anyone else meets the missing story’s 404', async () => {
    const author = await newUser();
    const other = await newUser();
    const open = await createStory(t, author.auth);
    const closed = await createStory(t, author.auth, { visibility: 'private' });
    const missing = await stats('0190a0a0-0000-7000-8000-000000000404', other.auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      message: MESSAGES.storyNotFound,
      error: { code: 'not_found' },
    });
    for (const story of [open, closed]) {
      const theirs = await stats(story.id, other.auth, '?days=7');
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(JSON.stringify(theirs.body)).not.toContain(story.title);
      const visitor = await stats(story.id, undefined, '?days=7');
      expect(visitor.status).toBe(401);
      const own = await stats(story.id, author.auth, '?days=7');
      expect(own.status).toBe(200);
      expect(own.body.data.story.id).toBe(story.id);
    }
    expect((await stats('not-a-uuid', author.auth)).status).toBe(404);
  });

  it('lists drafts to the author with no reads, and counts no read of a private story', async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth, threeChapters);
    const [first] = await chaptersOf(t, story.id, author.auth);
    const draft = await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Not yet',
      content: '<p>Still writing.</p>',
      published: false,
    });
    expect(draft.status).toBe(201);
    await read(first!.id, reader.auth);
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'private' });
    await read(first!.id, author.auth);
    const data = (await stats(story.id, author.auth, '?days=7')).body.data;
    expect(data.totals.reads).toBe(1);
    expect(data.chapters).toHaveLength(4);
    expect(data.chapters[3]).toMatchObject({ title: 'Not yet', published: false, reads: 0 });
  });

  it('is in the OpenAPI document, with the windows it takes', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const get = spec.paths['/api/stories/{id}/stats']?.get;
    expect(get).toBeDefined();
    const days = get.parameters.find((p: { name: string }) => p.name === 'days');
    expect(days).toMatchObject({ in: 'query' });
    expect(days.schema.enum).toEqual(['7', '30', '365']);
    expect(Object.keys(get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404']),
    );
  });
});
