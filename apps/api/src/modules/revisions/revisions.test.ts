import { STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { pruneBatch, pruneCutoff, pruneRevisionsJob, scheduleRevisionPruning } from './prune.js';
import { packContent } from './repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const newUser = () => createUser(t.testDb.db, t.config);
const k = () => t.testDb.db.kysely;

/** A story by a new user with one chapter ('Setting out'), and that chapter. */
async function writer(visibility = 'public') {
  const { user, auth } = await newUser();
  const story = await createStory(t, auth, { visibility });
  const [chapter] = await chaptersOf(t, story.id, auth);
  return { user, auth, story, chapter: chapter! };
}

const save = (auth: Auth, chapterId: string, body: Record<string, unknown>) =>
  call(t, 'PATCH', `/chapters/${chapterId}`, auth, body);

const history = async (auth: Auth, chapterId: string, query = '') => {
  const res = await call(t, 'GET', `/chapters/${chapterId}/revisions${query}`, auth);
  expect(res.status).toBe(200);
  return res.body.data as {
    items: {
      id: string;
      title: string;
      word_count: number;
      created_at: string;
      author: { id: string; username: string } | null;
    }[];
    total: number;
    page: number;
    limit: number;
  };
};

describe('revisions of saves', () => {
  it('records the first revision with the story, and one per changing save, newest first', async () => {
    const { user, auth, chapter } = await writer();
    const first = await history(auth, chapter.id);
    expect(first.total).toBe(1);
    expect(first.items[0]).toMatchObject({
      title: 'Setting out',
      word_count: 4,
      author: { id: user.id, username: user.username },
    });
    expect(first.items[0]).not.toHaveProperty('content');

    expect((await save(auth, chapter.id, { content: '<p>One two three</p>' })).status).toBe(200);
    expect((await save(auth, chapter.id, { title: 'Dusk' })).status).toBe(200);
    const list = await history(auth, chapter.id);
    expect(list).toMatchObject({ total: 3, page: 1 });
    expect(list.items.map((item) => [item.title, item.word_count])).toEqual([
      ['Dusk', 3],
      ['Setting out', 3],
      ['Setting out', 4],
    ]);

    const newest = await call(
      t,
      'GET',
      `/chapters/${chapter.id}/revisions/${list.items[0]!.id}`,
      auth,
    );
    expect(newest.status).toBe(200);
    expect(newest.body.data).toMatchObject({
      id: list.items[0]!.id,
      chapter_id: chapter.id,
      title: 'Dusk',
      content: '<p>One two three</p>',
      word_count: 3,
    });
    const oldest = await call(
      t,
      'GET',
      `/chapters/${chapter.id}/revisions/${list.items[2]!.id}`,
      auth,
    );
    expect(oldest.body.data.content).toBe('<p>It began at dusk.</p>');
  });

  it('adds no revision for a save that changes neither title nor text', async () => {
    const { auth, chapter } = await writer();
    await save(auth, chapter.id, { content: '<p>It began at dusk.</p>', title: 'Setting out' });
    await save(auth, chapter.id, { published: false });
    await save(auth, chapter.id, { order: 1 });
    expect((await history(auth, chapter.id)).total).toBe(1);
  });

  it('records a chapter added with POST /chapters, and nothing for a refused save', async () => {
    const { auth, story } = await writer();
    const created = await call(t, 'POST', '/chapters', auth, {
      story_id: story.id,
      title: 'Two',
      content: '<p>Second</p>',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect((await history(auth, id)).items.map((item) => item.title)).toEqual(['Two']);
    const refused = await save(auth, id, { content: '<p> </p>', published: true });
    expect(refused.status).toBe(400);
    expect((await history(auth, id)).total).toBe(1);
  });

  it('pages the list', async () => {
    const { auth, chapter } = await writer();
    for (const word of ['a', 'b', 'c', 'd'])
      await save(auth, chapter.id, { content: `<p>${word}</p>` });
    const page2 = await history(auth, chapter.id, '?page=2&limit=2');
    expect(page2).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(page2.items).toHaveLength(2);
    const page1 = await history(auth, chapter.id, '?page=1&limit=2');
    expect(page1.items[0]!.created_at >= page2.items[0]!.created_at).toBe(true);
    expect(new Set([...page1.items, ...page2.items].map((item) => item.id)).size).toBe(4);
    const bad = await call(t, 'GET', `/chapters/${chapter.id}/revisions?limit=0`, auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_input');
  });

  it('stays while its chapter is in Recently deleted, and goes when it is deleted for good', async () => {
    const { auth, story, chapter } = await writer();
    await call(t, 'POST', '/chapters', auth, { story_id: story.id, content: '<p>More</p>' });
    const left = () =>
      k()
        .selectFrom('chapter_revisions')
        .select('id')
        .where('chapter_id', '=', chapter.id)
        .execute();
    const kept = (await left()).length;
    expect(kept).toBeGreaterThan(0);
    expect((await call(t, 'DELETE', `/chapters/${chapter.id}`, auth)).status).toBe(200);
    expect(await left()).toHaveLength(kept);
    // What the trash's purge does once the 30 days are over (modules/trash/purge.ts).
    await k().deleteFrom('chapters').where('id', '=', chapter.id).execute();
    expect(await left()).toEqual([]);
  });
});

describe('POST /chapters/{id}/revisions/{revisionId}/restore', () => {
  it('sets title and text to the revision and records the restore as a new revision', async () => {
    const { auth, chapter } = await writer();
    await save(auth, chapter.id, { title: 'Night', content: '<p>Stars came out</p>' });
    const before = await history(auth, chapter.id);
    const original = before.items.at(-1)!;
    const res = await call(
      t,
      'POST',
      `/chapters/${chapter.id}/revisions/${original.id}/restore`,
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(STORY_MESSAGES.revisionRestored);
    expect(res.body.data).toMatchObject({
      id: chapter.id,
      title: 'Setting out',
      content: '<p>It began at dusk.</p>',
      word_count: 4,
    });
    const reader = await call(t, 'GET', `/chapters/${chapter.id}`);
    expect(reader.body.data.content).toBe('<p>It began at dusk.</p>');
    const after = await history(auth, chapter.id);
    expect(after.total).toBe(3);
    expect(after.items[0]).toMatchObject({ title: 'Setting out', word_count: 4 });
    expect(after.items[0]!.id).not.toBe(original.id);
    // Nothing was lost: the text replaced is still there.
    expect(after.items[1]).toMatchObject({ title: 'Night' });
  });

  it('answers 404 for a revision of another chapter, a bad id, or one that does not exist', async () => {
    const { auth, chapter } = await writer();
    const other = await writer();
    const foreign = (await history(other.auth, other.chapter.id)).items[0]!.id;
    const mine = await writer();
    for (const revisionId of [foreign, 'nope', newId()]) {
      for (const [method, url] of [
        ['GET', `/chapters/${chapter.id}/revisions/${revisionId}`],
        ['POST', `/chapters/${chapter.id}/revisions/${revisionId}/restore`],
      ] as const) {
        const res = await call(t, method, url, auth);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(STORY_MESSAGES.revisionNotFound);
      }
    }
    expect(mine).toBeTruthy();
    expect((await history(auth, chapter.id)).total).toBe(1);
    const unchanged = await call(t, 'GET', `/chapters/${chapter.id}`, auth);
    expect(unchanged.body.data.title).toBe('Setting out');
  });
});

describe('privacy', () => {
  it('answers everyone but the author with the 404 of a missing chapter', async () => {
    const draft = await writer('private');
    const open = await writer('public');
    const stranger = await newUser();
    for (const { auth, chapter } of [draft, open]) {
      const revisionId = (await history(auth, chapter.id)).items[0]!.id;
      for (const viewer of [stranger.auth, undefined]) {
        for (const [method, url] of [
          ['GET', `/chapters/${chapter.id}/revisions`],
          ['GET', `/chapters/${chapter.id}/revisions/${revisionId}`],
          ['POST', `/chapters/${chapter.id}/revisions/${revisionId}/restore`],
        ] as const) {
          const res = await call(t, method, url, viewer);
          expect(res.status).toBe(404);
          expect(res.body.message).toBe(STORY_MESSAGES.chapterNotFound);
        }
      }
    }
    for (const id of [newId(), 'not-an-id']) {
      const res = await call(t, 'GET', `/chapters/${id}/revisions`, draft.auth);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(STORY_MESSAGES.chapterNotFound);
    }
  });

  it('shows no revision in the chapter, the story or the OpenAPI paths of readers', async () => {
    const { chapter } = await writer();
    const reader = await call(t, 'GET', `/chapters/${chapter.id}`);
    expect(JSON.stringify(reader.body)).not.toMatch(/revision/i);
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/chapters/{id}/revisions',
        '/api/chapters/{id}/revisions/{revisionId}',
        '/api/chapters/{id}/revisions/{revisionId}/restore',
      ]),
    );
  });
});

describe('pruning', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const cutoff = pruneCutoff(now);

  /** A chapter (in a new story) with revisions at exactly these times. */
  async function chapterWithRevisionsAt(times: string[]) {
    const { chapter } = await writer();
    await k().deleteFrom('chapter_revisions').where('chapter_id', '=', chapter.id).execute();
    const ids: string[] = [];
    for (const [index, createdAt] of times.entries()) {
      const id = newId();
      ids.push(id);
      await k()
        .insertInto('chapter_revisions')
        .values({
          id,
          chapter_id: chapter.id,
          saved_by: null,
          title: `v${index}`,
          content: packContent(`<p>v${index}</p>`),
          word_count: 1,
          created_at: createdAt,
        })
        .execute();
    }
    return { chapterId: chapter.id, ids };
  }

  const remaining = async (chapterId: string) =>
    (
      await k()
        .selectFrom('chapter_revisions')
        .select('title')
        .where('chapter_id', '=', chapterId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.title);

  const times = [
    '2026-05-01T08:00:00.000Z', // v0: old, not the day's last
    '2026-05-01T09:00:00.000Z', // v1: old, not the day's last
    '2026-05-01T23:59:59.000Z', // v2: old, the day's last → kept
    '2026-05-02T10:00:00.000Z', // v3: old, alone on its day → kept
    '2026-05-31T11:00:00.000Z', // v4: before the cutoff (05-31 12:00) → pruned
    '2026-05-31T11:30:00.000Z', // v5: before the cutoff, the old day's last → kept
    '2026-05-31T12:30:00.000Z', // v6: within 30 days → kept
    '2026-05-31T13:00:00.000Z', // v7: within 30 days → kept
    '2026-06-29T10:00:00.000Z', // v8
    '2026-06-29T10:05:00.000Z', // v9
  ];
  const expected = ['v2', 'v3', 'v5', 'v6', 'v7', 'v8', 'v9'];

  it('keeps every revision of the last 30 days and the last of each older day', async () => {
    expect(cutoff).toBe('2026-05-31T12:00:00.000Z');
    const { chapterId } = await chapterWithRevisionsAt(times);
    let cursor: string | null = null;
    for (;;) {
      const result = await k()
        .transaction()
        .execute((trx) => pruneBatch(trx, cutoff, cursor, 3));
      cursor = result.cursor;
      if (result.done) break;
    }
    expect(await remaining(chapterId)).toEqual(expected);
    // Again: nothing more goes.
    const again = await k()
      .transaction()
      .execute((trx) => pruneBatch(trx, cutoff, null, 1_000_000));
    expect(again.deleted).toBe(0);
    expect(await remaining(chapterId)).toEqual(expected);
  });

  it('as a job resumes after a batch and gives what one run gives', async () => {
    const a = await chapterWithRevisionsAt(times);
    const b = await chapterWithRevisionsAt(times);
    const [first, second] = [a, b].sort((x, y) => (x.chapterId < y.chapterId ? -1 : 1));
    // A run that stopped after one batch: its progress points at the first chapter.
    // Queued far ahead, so the app's own worker leaves it to this test.
    const jobId = await enqueue(t.testDb.db.kysely, {
      kind: 'revisions-prune',
      payload: { cutoff },
      runAt: new Date('2999-01-01T00:00:00.000Z'),
    });
    const chaptersUpToFirst = await k()
      .transaction()
      .execute(async (trx) => {
        const ids = await trx
          .selectFrom('chapters')
          .select('id')
          .where('id', '<=', first!.chapterId)
          .execute();
        const result = await pruneBatch(trx, cutoff, null, ids.length);
        await trx
          .insertInto('job_progress')
          .values({
            job_id: jobId,
            cursor: result.cursor,
            done_at: null,
            updated_at: now.toISOString(),
          })
          .execute();
        return result;
      });
    expect(chaptersUpToFirst.cursor).toBe(first!.chapterId);
    expect(await remaining(first!.chapterId)).toEqual(expected);
    expect(await remaining(second!.chapterId)).toEqual(times.map((_, i) => `v${i}`));
    const run = pruneRevisionsJob({ db: t.testDb.db, gate: (task) => task() });
    const job = { id: jobId, attempts: 2 } as Parameters<typeof run>[1];
    await run({ cutoff }, job);
    expect(await remaining(second!.chapterId)).toEqual(expected);
    // The job done again (a worker that lost its lease) does nothing.
    await run({ cutoff }, job);
    expect(await remaining(first!.chapterId)).toEqual(expected);
  });

  it('is scheduled once a day however many processes ask', async () => {
    const day = new Date('2031-01-02T05:00:00.000Z');
    expect(await scheduleRevisionPruning(t.testDb.db, day)).toBe(true);
    expect(await scheduleRevisionPruning(t.testDb.db, new Date('2031-01-02T06:00:00.000Z'))).toBe(
      false,
    );
    const jobs = await k()
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'revisions-prune')
      .execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({
      cutoff: '2030-12-03T05:00:00.000Z',
    });
  });
});
