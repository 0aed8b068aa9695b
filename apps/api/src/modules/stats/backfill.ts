import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { type BatchResult, type Gate, inBatches } from '../../jobs/progress.js';
import type { JobInfo } from '../../jobs/queue.js';
import { enqueueOnce } from '../../jobs/queue.js';
import { dayOf } from './repo.js';

type Trx = Transaction<Database>;

/**
 * Roughly how many reads, likes and comments one batch rebuilds from: stories are taken in id
 * order until their counters add up to this (a story with more is a batch of its own).
 */
export const BACKFILL_BATCH_ROWS = 5_000;
/** At most this many stories in one batch, however few their rows. */
const BACKFILL_BATCH_STORIES = 200;
const INSERT_CHUNK = 500;

/**
 * Rebuilds the daily rows of the next stories after `cursor` from the rows they count
 * (chapter_reads, likes, comments), replacing whatever is there. The stories' row locks are
 * taken first, the lock every counted read, like and comment takes before it touches the daily
 * rows, so nothing counted while the batch runs is lost or counted twice; a batch done again
 * gives the same rows (docs/decisions/030-story-stats.md).
 */
export async function backfillBatch(
  trx: Trx,
  db: Pick<Db, 'dialect'>,
  cursor: string | null,
  maxRows = BACKFILL_BATCH_ROWS,
): Promise<BatchResult> {
  let next = trx
    .selectFrom('stories')
    .select(['id', 'reads_count', 'votes_count', 'comments_count'])
    .orderBy('id')
    .limit(BACKFILL_BATCH_STORIES);
  if (cursor !== null) next = next.where('id', '>', cursor);
  const candidates = await next.execute();
  const ids: string[] = [];
  let weight = 0;
  for (const story of candidates) {
    const rows =
      Number(story.reads_count) + Number(story.votes_count) + Number(story.comments_count);
    if (ids.length > 0 && weight + rows > maxRows) break;
    ids.push(story.id);
    weight += rows;
  }
  if (ids.length === 0) return { cursor, done: true };
  if (db.dialect === 'postgres') {
    await trx
      .selectFrom('stories')
      .select('id')
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  const chapterRows = await trx
    .selectFrom('chapter_reads')
    .select((eb) => [
      'chapter_id',
      'story_id',
      dayOf(db.dialect, 'read_at').as('day'),
      eb.fn.countAll<number | string>().as('reads'),
      eb.fn.count<number | string>('user_id').as('readers'),
    ])
    .where('story_id', 'in', ids)
    .groupBy(['chapter_id', 'story_id', dayOf(db.dialect, 'read_at')])
    .execute();
  const likes = await trx
    .selectFrom('likes')
    .select((eb) => [
      'story_id',
      dayOf(db.dialect, 'created_at').as('day'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('story_id', 'in', ids)
    .groupBy(['story_id', dayOf(db.dialect, 'created_at')])
    .execute();
  // Comments as they stand: not deleted, not hidden, on a published chapter (what
  // stories.comments_count counts).
  const comments = await trx
    .selectFrom('comments as m')
    .innerJoin('chapters as c', 'c.id', 'm.chapter_id')
    .select((eb) => [
      'm.story_id',
      dayOf(db.dialect, 'm.created_at').as('day'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('m.story_id', 'in', ids)
    .where('m.deleted_at', 'is', null)
    .where('m.hidden_at', 'is', null)
    .where('c.published', '=', 1)
    .groupBy(['m.story_id', dayOf(db.dialect, 'm.created_at')])
    .execute();

  const days = new Map<
    string,
    { story_id: string; day: string; reads: number; likes: number; comments: number }
  >();
  const dayRow = (storyId: string, day: string) => {
    const key = `${storyId} ${day}`;
    let row = days.get(key);
    if (!row) {
      row = { story_id: storyId, day, reads: 0, likes: 0, comments: 0 };
      days.set(key, row);
    }
    return row;
  };
  for (const row of chapterRows) dayRow(row.story_id, row.day).reads += Number(row.reads);
  for (const row of likes) dayRow(row.story_id, row.day).likes += Number(row.n);
  for (const row of comments) dayRow(row.story_id, row.day).comments += Number(row.n);

  await trx.deleteFrom('chapter_daily_stats').where('story_id', 'in', ids).execute();
  await trx.deleteFrom('story_daily_stats').where('story_id', 'in', ids).execute();
  const chapterValues = chapterRows.map((row) => ({
    chapter_id: row.chapter_id,
    day: row.day,
    story_id: row.story_id,
    reads: Number(row.reads),
    readers: Number(row.readers),
  }));
  for (let i = 0; i < chapterValues.length; i += INSERT_CHUNK)
    await trx
      .insertInto('chapter_daily_stats')
      .values(chapterValues.slice(i, i + INSERT_CHUNK))
      .execute();
  const storyValues = [...days.values()];
  for (let i = 0; i < storyValues.length; i += INSERT_CHUNK)
    await trx
      .insertInto('story_daily_stats')
      .values(storyValues.slice(i, i + INSERT_CHUNK))
      .execute();

  const last = ids[ids.length - 1]!;
  return {
    cursor: last,
    done: ids.length === candidates.length && candidates.length < BACKFILL_BATCH_STORIES,
  };
}

/** The `stats-backfill` job: every story's history, a batch per transaction, resumable. */
export function statsBackfillJob({ db, gate }: { db: Db; gate: Gate }) {
  return (_payload: unknown, job: JobInfo) =>
    inBatches(db, job.id, gate, (trx, cursor) => backfillBatch(trx, db, cursor));
}

/**
 * Enqueues the backfill once per database, whichever process gets there first (scheduled_runs
 * holds the claim): every process schedules it at start.
 */
export function scheduleStatsBackfill(db: Db): Promise<boolean> {
  return enqueueOnce(db.kysely, '016', { kind: 'stats-backfill', payload: {} });
}
