import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inBatches } from '../../jobs/progress.js';
import { enqueue } from '../../jobs/queue.js';
import { DAY } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { waitFor } from '../../test/jobs.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { backfillBatch } from './backfill.js';

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

const NOON = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
})();
const at = (daysAgo: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON - daysAgo * DAY);
};

async function read(chapterId: string, auth?: Auth, address = '198.51.100.77') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chapters/${chapterId}/progress`,
    remoteAddress: address,
    headers: { 'user-agent': 'Backfill/1.0', ...auth },
  });
  expect(res.statusCode).toBe(200);
}

/** Both tables' rows that say something (an unliked day may leave a row of zeros). */
async function dailyRows() {
  const stories = await db()
    .selectFrom('story_daily_stats')
    .selectAll()
    .orderBy('story_id')
    .orderBy('day')
    .execute();
  const chapters = await db()
    .selectFrom('chapter_daily_stats')
    .selectAll()
    .orderBy('chapter_id')
    .orderBy('day')
    .execute();
  const numbers = <T extends object>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
      ]),
    );
  return {
    stories: stories
      .map(numbers)
      .filter((r) => Number(r.reads) + Number(r.likes) + Number(r.comments) !== 0),
    chapters: chapters.map(numbers),
  };
}

/** A job row for job_progress to hang on, of a kind no worker claims. */
const newJob = () =>
  enqueue<{ 'backfill-under-test': object }>(t.testDb.db.kysely, {
    kind: 'backfill-under-test',
    payload: {},
  });

describe('stats backfill', () => {
  it('rebuilds, a story per batch, what the live counting wrote; stopped after one batch it resumes', async () => {
    const author = await newUser();
    const readers = [await newUser(), await newUser(), await newUser()];
    const stories = [];
    at(40);
    for (const title of ['First tide', 'Second tide', 'Third tide']) {
      const story = await createStory(t, author.auth, {
        title,
        chapters: [
          { title: 'One', content: '<p>One.</p>' },
          { title: 'Two', content: '<p>Two.</p>' },
        ],
      });
      stories.push({ story, chapters: await chaptersOf(t, story.id, author.auth) });
    }
    for (const [i, { story, chapters }] of stories.entries()) {
      at(30 - i);
      await read(chapters[0]!.id, readers[0]!.auth);
      await read(chapters[0]!.id);
      await call(t, 'POST', `/stories/${story.id}/like`, readers[0]!.auth);
      await call(t, 'POST', `/stories/${story.id}/like`, readers[1]!.auth);
      await call(t, 'POST', `/chapters/${chapters[0]!.id}/comments`, readers[1]!.auth, {
        body: `Lovely, part ${i}.`,
      });
      at(3);
      await read(chapters[0]!.id, readers[1]!.auth);
      await read(chapters[1]!.id, readers[1]!.auth);
      await read(chapters[1]!.id, readers[2]!.auth, '198.51.100.78');
      const late = await call(
        t,
        'POST',
        `/chapters/${chapters[1]!.id}/comments`,
        readers[2]!.auth,
        {
          body: `Late words, part ${i}.`,
        },
      );
      at(1);
      await call(t, 'DELETE', `/stories/${story.id}/like`, readers[0]!.auth);
      if (i === 1) await call(t, 'DELETE', `/comments/${late.body.data.id}`, readers[2]!.auth);
    }
    vi.useRealTimers();
    const live = await dailyRows();
    expect(live.stories.length).toBeGreaterThan(0);

    // The app's own backfill, scheduled as it started, must be over first: on a busy machine
    // its worker could otherwise rebuild every story after the rows below are gone.
    await waitFor(async () => {
      const claimed = await db()
        .selectFrom('scheduled_runs')
        .select('job_id')
        .where('name', '=', 'stats-backfill')
        .executeTakeFirst();
      const running = await db()
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'stats-backfill')
        .where('done_at', 'is', null)
        .execute();
      return claimed !== undefined && running.length === 0;
    }, 30_000);

    // History as the release before 016 left it: no daily rows at all.
    await db().deleteFrom('story_daily_stats').execute();
    await db().deleteFrom('chapter_daily_stats').execute();

    // A worker killed after its first batch (one story per batch here).
    const jobId = await newJob();
    let batches = 0;
    const dying = <T>(task: () => Promise<T>) => {
      batches += 1;
      if (batches > 1) return Promise.reject(new Error('killed'));
      return task();
    };
    const run = (gate: <T>(task: () => Promise<T>) => Promise<T>, id = jobId) =>
      inBatches(t.testDb.db, id, gate, (trx, cursor) => backfillBatch(trx, t.testDb.db, cursor, 1));
    await expect(run(dying)).rejects.toThrow('killed');
    const partial = await dailyRows();
    const firstStory = [...stories.map((s) => s.story.id)].sort()[0];
    expect(new Set(partial.stories.map((r) => r.story_id))).toEqual(new Set([firstStory]));

    // Run again: it resumes after the committed batch, and ends where the live writes did.
    await run((task) => task());
    expect(await dailyRows()).toEqual(live);
    const progress = await db()
      .selectFrom('job_progress')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(progress.done_at).not.toBeNull();

    // A whole second run (another job) replaces rather than adds.
    await run((task) => task(), await newJob());
    expect(await dailyRows()).toEqual(live);

    // And the view reads the rebuilt history.
    const stats = await call(
      t,
      'GET',
      `/stories/${stories[1]!.story.id}/stats?days=365`,
      author.auth,
    );
    expect(stats.body.data.totals).toEqual({ reads: 5, likes: 1, comments: 1 });
  });

  it('is enqueued once, by the scheduler of whichever process starts first', async () => {
    const rows = await db()
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('name', '=', 'stats-backfill')
      .execute();
    expect(rows).toHaveLength(1);
    const job = await db()
      .selectFrom('jobs')
      .select(['kind'])
      .where('id', '=', rows[0]!.job_id)
      .executeTakeFirstOrThrow();
    expect(job.kind).toBe('stats-backfill');
  });
});
