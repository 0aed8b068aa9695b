import { MESSAGES, STORY_MESSAGES, TRASH_DAYS, TRASH_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import { DAY } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { counterMismatches } from '../../test/social.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { scheduleTrashPurge, trashPurgeJob } from './purge.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string };
const userRow = (id: string) =>
  db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const trashOf = async (auth: Auth) => {
  const res = await call(t, 'GET', '/users/me/recently-deleted', auth);
  expect(res.status).toBe(200);
  return res.body.data as {
    items: { kind: string; id: string; order: number | null; story_deleted: boolean }[];
    total: number;
  };
};
const storyIdsOf = (res: { body: { data: { items: { id: string }[] } } }) =>
  res.body.data.items.map((item) => item.id);

/** A public story of three chapters by a new author, a reader's comment on the second, a like. */
async function storyWithReader(title = `Saltmarsh ${newId().slice(0, 8)}`) {
  const author = await newUser();
  const reader = await newUser();
  const story = await createStory(t, author.auth, {
    title,
    chapters: [
      { title: 'One', content: '<p>First.</p>' },
      { title: 'Two', content: '<p>Second.</p>' },
      { title: 'Three', content: '<p>Third.</p>' },
    ],
  });
  const chapters = await chaptersOf(t, story.id, author.auth);
  const comment = await call(t, 'POST', `/chapters/${chapters[1]!.id}/comments`, reader.auth, {
    body: 'The tide scene!',
  });
  expect(comment.status).toBe(201);
  expect((await call(t, 'POST', `/stories/${story.id}/like`, reader.auth)).status).toBeLessThan(
    300,
  );
  expect((await call(t, 'POST', `/library/${story.id}`, reader.auth)).status).toBeLessThan(300);
  return { author, reader, story, chapters, title };
}

describe('deleting a story moves it to Recently deleted', () => {
  it('is gone from every list, search, count and link until restored whole', async () => {
    const { author, reader, story, title, chapters } = await storyWithReader();
    const username = (await userRow(author.user.id)).username;
    // The reader read the first chapter; the author's and the reader's stats count it.
    expect(
      (await call(t, 'POST', `/chapters/${chapters[0]!.id}/progress`, reader.auth)).status,
    ).toBeLessThan(300);
    const stats = async (auth: Auth) => (await call(t, 'GET', '/users/me/stats', auth)).body.data;
    expect(await stats(reader.auth)).toMatchObject({ chapters_read: 1 });
    expect(await stats(author.auth)).toMatchObject({ stories_written: 1, total_reads: 1 });
    expect((await userRow(author.user.id)).stories_count).toBe(1);
    const totalBefore = (await call(t, 'GET', '/stories?limit=50')).body.data.total;

    const del = await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(STORY_MESSAGES.storyDeleted);

    // A direct link: the same 404 as a story that never existed, for the author too.
    const missing = await call(t, 'GET', `/stories/${newId()}`, author.auth);
    for (const who of [author.auth, reader.auth, undefined]) {
      const res = await call(t, 'GET', `/stories/${story.id}`, who);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(missing.body.error.code);
      expect(res.body.message).toBe(MESSAGES.storyNotFound);
    }
    expect((await call(t, 'GET', `/chapters/by-story/${story.id}`, author.auth)).status).toBe(404);
    expect(
      (await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { title: 'X' })).status,
    ).toBe(404);
    expect((await call(t, 'GET', '/stories?limit=50')).body.data.total).toBe(totalBefore - 1);
    expect(storyIdsOf(await call(t, 'GET', '/stories?limit=50'))).not.toContain(story.id);
    const search = await call(t, 'GET', `/stories/search?q=${encodeURIComponent(title)}`);
    expect(storyIdsOf(search)).not.toContain(story.id);
    for (const who of [author.auth, reader.auth])
      expect(storyIdsOf(await call(t, 'GET', `/users/${username}/stories`, who))).toEqual([]);
    expect(storyIdsOf(await call(t, 'GET', '/users/me/likes', reader.auth))).not.toContain(
      story.id,
    );
    expect(storyIdsOf(await call(t, 'GET', '/library', reader.auth))).not.toContain(story.id);
    expect((await call(t, 'POST', `/stories/${story.id}/like`, reader.auth)).status).toBe(404);
    expect((await userRow(author.user.id)).stories_count).toBe(0);
    expect(await stats(reader.auth)).toMatchObject({ chapters_read: 0 });
    expect(await stats(author.auth)).toMatchObject({ stories_written: 0, total_reads: 0 });

    // Only its author sees it in Recently deleted, with when it goes for good.
    const trash = await trashOf(author.auth);
    expect(trash.total).toBe(1);
    const item = trash.items[0] as unknown as Record<string, unknown>;
    expect(item).toMatchObject({ kind: 'story', id: story.id, title, chapters_count: 3 });
    expect(Date.parse(item.purge_after as string) - Date.parse(item.deleted_at as string)).toBe(
      TRASH_DAYS * DAY,
    );
    expect((await trashOf(reader.auth)).total).toBe(0);
    const stolen = await call(t, 'POST', `/stories/${story.id}/restore`, reader.auth);
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe(TRASH_MESSAGES.notInTrash);

    const restored = await call(t, 'POST', `/stories/${story.id}/restore`, author.auth);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(TRASH_MESSAGES.storyRestored);
    const back = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      visibility: 'public',
      votes_count: 1,
      comments_count: 1,
      chapters_count: 3,
      is_liked: true,
      is_saved: true,
    });
    expect((await call(t, 'GET', '/stories?limit=50')).body.data.total).toBe(totalBefore);
    expect(
      storyIdsOf(await call(t, 'GET', `/stories/search?q=${encodeURIComponent(title)}`)),
    ).toContain(story.id);
    expect((await userRow(author.user.id)).stories_count).toBe(1);
    expect(await stats(reader.auth)).toMatchObject({ chapters_read: 1 });
    expect(await stats(author.auth)).toMatchObject({ stories_written: 1, total_reads: 1 });
    expect((await trashOf(author.auth)).total).toBe(0);
    expect(await counterMismatches(db())).toEqual([]);
    // Restoring twice: it is no longer in the trash.
    expect((await call(t, 'POST', `/stories/${story.id}/restore`, author.auth)).status).toBe(404);
  });

  it('keeps a private story private when it comes back', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, { visibility: 'private' });
    await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
    await call(t, 'POST', `/stories/${story.id}/restore`, author.auth);
    const res = await call(t, 'GET', `/stories/${story.id}`, author.auth);
    expect(res.body.data.visibility).toBe('private');
    expect((await userRow(author.user.id)).stories_count).toBe(0);
  });
});

describe('deleting a chapter moves it to Recently deleted', () => {
  it('leaves the reader’s numbering and the counts, and comes back at its place with its comments', async () => {
    const { author, reader, story, chapters } = await storyWithReader();
    const second = chapters[1]!;
    expect((await call(t, 'DELETE', `/chapters/${second.id}`, author.auth)).status).toBe(200);

    const read = await call(t, 'GET', `/chapters/by-story/${story.id}`, reader.auth);
    expect(read.body.data.map((c: { title: string; order: number }) => [c.title, c.order])).toEqual(
      [
        ['One', 1],
        ['Three', 2],
      ],
    );
    expect((await chaptersOf(t, story.id, author.auth)).map((c) => c.title)).toEqual([
      'One',
      'Three',
    ]);
    for (const who of [author.auth, reader.auth, undefined]) {
      expect((await call(t, 'GET', `/chapters/${second.id}`, who)).status).toBe(404);
      expect((await call(t, 'GET', `/chapters/${second.id}/comments`, who)).status).toBe(404);
    }
    const detail = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(detail.body.data).toMatchObject({ chapters_count: 2, comments_count: 0 });
    expect(await counterMismatches(db())).toEqual([]);
    const trash = await trashOf(author.auth);
    expect(trash.items).toMatchObject([{ kind: 'chapter', id: second.id, order: 2 }]);

    const restored = await call(t, 'POST', `/chapters/${second.id}/restore`, author.auth);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(TRASH_MESSAGES.chapterRestored);
    const after = await call(t, 'GET', `/chapters/by-story/${story.id}`, reader.auth);
    expect(
      after.body.data.map((c: { title: string; order: number }) => [c.title, c.order]),
    ).toEqual([
      ['One', 1],
      ['Two', 2],
      ['Three', 3],
    ]);
    const thread = await call(t, 'GET', `/chapters/${second.id}/comments`, reader.auth);
    expect(thread.status).toBe(200);
    expect(thread.body.data.total).toBe(1);
    const back = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(back.body.data).toMatchObject({ chapters_count: 3, comments_count: 1 });
    expect(await counterMismatches(db())).toEqual([]);
  });

  it('still refuses to delete the last chapter, counting only those not in the trash', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      chapters: [
        { title: 'A', content: '<p>a</p>' },
        { title: 'B', content: '<p>b</p>' },
      ],
    });
    const [a, b] = await chaptersOf(t, story.id, author.auth);
    expect((await call(t, 'DELETE', `/chapters/${a!.id}`, author.auth)).status).toBe(200);
    const last = await call(t, 'DELETE', `/chapters/${b!.id}`, author.auth);
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(STORY_MESSAGES.lastChapter);
    // Deleting it again is a 404: it is already gone for the app.
    expect((await call(t, 'DELETE', `/chapters/${a!.id}`, author.auth)).status).toBe(404);
  });

  it('refuses to restore a chapter of a deleted story until the story is back', async () => {
    const { author, story, chapters } = await storyWithReader();
    await call(t, 'DELETE', `/chapters/${chapters[0]!.id}`, author.auth);
    await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
    const trash = await trashOf(author.auth);
    expect(trash.items.map((item) => [item.kind, item.story_deleted])).toEqual([
      ['story', false],
      ['chapter', true],
    ]);
    const refused = await call(t, 'POST', `/chapters/${chapters[0]!.id}/restore`, author.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TRASH_MESSAGES.restoreStoryFirst);
    await call(t, 'POST', `/stories/${story.id}/restore`, author.auth);
    // The story comes back as it was deleted: without the chapter deleted before it.
    expect((await chaptersOf(t, story.id, author.auth)).map((c) => c.title)).toEqual([
      'Two',
      'Three',
    ]);
    expect(
      (await call(t, 'POST', `/chapters/${chapters[0]!.id}/restore`, author.auth)).status,
    ).toBe(200);
    expect((await chaptersOf(t, story.id, author.auth)).map((c) => [c.title, c.order])).toEqual([
      ['One', 1],
      ['Two', 2],
      ['Three', 3],
    ]);
  });

  it('answers bad input with a clear error and changes nothing', async () => {
    const { author, story, chapters } = await storyWithReader();
    expect((await call(t, 'POST', `/stories/${story.id}/restore`)).status).toBe(401);
    expect((await call(t, 'POST', '/stories/not-an-id/restore', author.auth)).status).toBe(404);
    // A story that is not in the trash, and a chapter id given as a story's.
    expect((await call(t, 'POST', `/stories/${story.id}/restore`, author.auth)).status).toBe(404);
    await call(t, 'DELETE', `/chapters/${chapters[2]!.id}`, author.auth);
    expect((await call(t, 'POST', `/stories/${chapters[2]!.id}/restore`, author.auth)).status).toBe(
      404,
    );
    expect((await call(t, 'GET', '/users/me/recently-deleted?limit=0', author.auth)).status).toBe(
      400,
    );
    expect((await trashOf(author.auth)).total).toBe(1);
  });
});

describe('the purge', () => {
  const removed: string[] = [];
  const covers = { remove: async (url: string | null) => void (url && removed.push(url)) };
  const ageItem = async (id: string, days: number) => {
    const at = new Date(Date.now() - days * DAY);
    await db()
      .updateTable('deleted_items')
      .set({
        deleted_at: at.toISOString(),
        purge_after: new Date(at.getTime() + TRASH_DAYS * DAY).toISOString(),
      })
      .where('item_id', '=', id)
      .execute();
  };
  const exists = async (table: 'stories' | 'chapters', id: string) =>
    (await db().selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('deletes for good what is 30 days old, in batches, resuming after an interruption', async () => {
    const author = await newUser();
    const old: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const story = await createStory(t, author.auth, { title: `Old ${i}` });
      await db()
        .updateTable('stories')
        .set({ cover_image: `/media/covers/${story.id}-lg.webp` })
        .where('id', '=', story.id)
        .execute();
      await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
      await ageItem(story.id, TRASH_DAYS + 1);
      old.push(story.id);
    }
    const { story: fresh, chapters, author: other } = await storyWithReader();
    await call(t, 'DELETE', `/chapters/${chapters[0]!.id}`, other.auth);
    await ageItem(chapters[0]!.id, TRASH_DAYS + 2);
    await call(t, 'DELETE', `/chapters/${chapters[1]!.id}`, other.auth);
    await ageItem(chapters[1]!.id, TRASH_DAYS - 1);
    const recent = await createStory(t, author.auth, { title: 'Recent' });
    await call(t, 'DELETE', `/stories/${recent.id}`, author.auth);

    // Due ones cannot be restored any more.
    expect((await call(t, 'POST', `/stories/${old[0]}/restore`, author.auth)).status).toBe(404);

    const before = new Date().toISOString();
    // The job's row (its progress refers to it), not due, so the app's own worker leaves it.
    const jobId = await enqueue(t.testDb.db.kysely, {
      kind: 'trash-purge',
      payload: { before },
      runAt: new Date(Date.now() + DAY),
    });
    const job = { id: jobId, kind: 'trash-purge', attempts: 1 };
    // A worker that dies after its first batch (batches of one item).
    let batches = 0;
    const dying = trashPurgeJob({
      db: t.testDb.db,
      covers,
      batchSize: 1,
      gate: async (task) => {
        batches += 1;
        if (batches === 2) throw new Error('killed');
        return task();
      },
    });
    await expect(dying({ before }, job)).rejects.toThrow('killed');
    const left = await db()
      .selectFrom('deleted_items')
      .select('item_id')
      .where('purge_after', '<=', before)
      .execute();
    expect(left.length).toBe(3);

    // The job run again (the queue runs it once more) finishes the rest exactly once.
    await trashPurgeJob({ db: t.testDb.db, covers, batchSize: 1, gate: (task) => task() })(
      { before },
      { ...job, attempts: 2 },
    );
    for (const id of old) expect(await exists('stories', id)).toBe(false);
    expect(removed.sort()).toEqual(old.map((id) => `/media/covers/${id}-lg.webp`).sort());
    expect(await exists('chapters', chapters[0]!.id)).toBe(false);
    // Not yet due: still in the trash, still restorable.
    expect(await exists('chapters', chapters[1]!.id)).toBe(true);
    expect(await exists('stories', recent.id)).toBe(true);
    expect((await trashOf(author.auth)).items.map((item) => item.id)).toEqual([recent.id]);
    expect((await call(t, 'POST', `/chapters/${chapters[1]!.id}/restore`, other.auth)).status).toBe(
      200,
    );
    expect((await chaptersOf(t, fresh.id, other.auth)).map((c) => c.title)).toEqual([
      'Two',
      'Three',
    ]);
    expect(await counterMismatches(db())).toEqual([]);
  });

  it('goes with the account: deleting it takes the trash too', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth);
    await call(t, 'DELETE', `/stories/${story.id}`, author.auth);
    const res = await call(t, 'DELETE', '/users/me', author.auth, { password: TEST_PASSWORD });
    expect(res.status).toBeLessThan(300);
    expect(await exists('stories', story.id)).toBe(false);
    const rows = await db()
      .selectFrom('deleted_items')
      .select('item_id')
      .where('item_id', '=', story.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

// Last: the jobs it enqueues run now, as of 2031, and purge whatever is in the trash then.
describe('the purge schedule', () => {
  it('is scheduled once an hour across processes', async () => {
    const at = new Date('2031-05-04T10:15:00.000Z');
    const claims = await Promise.all([
      scheduleTrashPurge(t.testDb.db, at),
      scheduleTrashPurge(t.testDb.db, new Date('2031-05-04T10:59:00.000Z')),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await scheduleTrashPurge(t.testDb.db, new Date('2031-05-04T11:00:00.000Z'))).toBe(true);
    const runs = await db()
      .selectFrom('scheduled_runs')
      .innerJoin('jobs', 'jobs.id', 'scheduled_runs.job_id')
      .select(['scheduled_runs.period', 'jobs.kind', 'jobs.payload'])
      .where('scheduled_runs.name', '=', 'trash-purge')
      .where('scheduled_runs.period', 'like', '2031-05-04%')
      .orderBy('scheduled_runs.period')
      .execute();
    expect(runs.map((r) => [r.period, r.kind])).toEqual([
      ['2031-05-04T10', 'trash-purge'],
      ['2031-05-04T11', 'trash-purge'],
    ]);
  });
});
