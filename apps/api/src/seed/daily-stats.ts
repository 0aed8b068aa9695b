import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { addToStoryDay } from '../modules/stats/repo.js';
import { popularScore } from '../modules/stories/ranking.js';
import type { StoryRows } from './context.js';
import { DAY, iso } from './plan.js';

type StoryDay = Insertable<Database['story_daily_stats']>;
type ChapterDay = Insertable<Database['chapter_daily_stats']>;

/** History is spread over this many days before the stored read rows; older reads go to one day. */
const HISTORY_DAYS = 400;
/** Reads fall to 1/e this many days after a chapter's publication. */
const DECAY_DAYS = 120;
/** Of the reads older than the stored rows, the share taken as signed-in readers. */
const SIGNED_IN_SHARE = 0.6;
/** Saturday and Sunday read more (UTC days). */
const weekday = (ms: number) => new Date(ms).getUTCDay();
const rhythm = (ms: number) => (weekday(ms) === 0 || weekday(ms) === 6 ? 1.35 : 1);
const dayOf = (ms: number) => iso(ms).slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

/**
 * Splits `total` over days [from, to) by weight (decay since `published`, weekly rhythm),
 * as whole numbers that add up to `total`; only days that get something are returned.
 */
export function spreadOverDays(
  total: number,
  from: number,
  to: number,
  published: number,
  decayDays = DECAY_DAYS,
): [string, number][] {
  const first = startOfDay(from);
  // At least the first day: a chapter published hours before `to` has its reads on it.
  const last = Math.max(startOfDay(to), first + DAY);
  if (total <= 0 || to <= from) return [];
  const weights: number[] = [];
  for (let day = first; day < last; day += DAY)
    weights.push(Math.exp(-Math.max(0, day - published) / (decayDays * DAY)) * rhythm(day));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out: [string, number][] = [];
  let cumulative = 0;
  let given = 0;
  weights.forEach((weight, index) => {
    cumulative += weight;
    const upTo = Math.round((total * cumulative) / sum);
    if (upTo > given) out.push([dayOf(first + index * DAY), upTo - given]);
    given = upTo;
  });
  return out;
}

/**
 * The daily rows of a chunk of stories (docs/decisions/030-story-stats.md), as the writes would
 * have kept them: the stored reads, likes and comments on their own days, and each chapter's
 * reads from before the stored rows (its reads_count less them) spread over the days since it
 * was published, falling off with time and busier at weekends.
 */
export function dailyStatsRows(
  rows: StoryRows,
  now: number,
  storedSince: number,
): { stories: StoryDay[]; chapters: ChapterDay[] } {
  const chapterDays = new Map<string, ChapterDay & { reads: number; readers: number }>();
  const storyDays = new Map<
    string,
    StoryDay & { reads: number; likes: number; comments: number }
  >();
  const storyDay = (storyId: string, day: string) => {
    const key = `${storyId} ${day}`;
    let row = storyDays.get(key);
    if (!row) {
      row = { story_id: storyId, day, reads: 0, likes: 0, comments: 0 };
      storyDays.set(key, row);
    }
    return row;
  };
  const chapterDay = (chapterId: string, storyId: string, day: string) => {
    const key = `${chapterId} ${day}`;
    let row = chapterDays.get(key);
    if (!row) {
      row = { chapter_id: chapterId, story_id: storyId, day, reads: 0, readers: 0 };
      chapterDays.set(key, row);
    }
    return row;
  };

  const stored = new Map<string, number>();
  for (const read of rows.reads) {
    const day = String(read.read_at).slice(0, 10);
    const row = chapterDay(read.chapter_id, read.story_id, day);
    row.reads += 1;
    if (read.user_id) row.readers += 1;
    stored.set(read.chapter_id, (stored.get(read.chapter_id) ?? 0) + 1);
  }
  const horizon = storedSince - HISTORY_DAYS * DAY;
  for (const chapter of rows.chapters) {
    if (!chapter.published_at) continue;
    const historic = Number(chapter.reads_count ?? 0) - (stored.get(chapter.id) ?? 0);
    if (historic <= 0) continue;
    const published = Date.parse(String(chapter.published_at));
    // A chapter younger than the stored rows has its history since publication.
    const to = published < storedSince ? storedSince : now;
    // What falls before the horizon is kept on the chapter's publication day.
    const before =
      published < horizon
        ? Math.round(
            (historic * (1 - Math.exp(-(horizon - published) / (DECAY_DAYS * DAY)))) /
              (1 - Math.exp(-(to - published) / (DECAY_DAYS * DAY))),
          )
        : 0;
    const spread = spreadOverDays(historic - before, Math.max(published, horizon), to, published);
    const days: [string, number][] = before > 0 ? [[dayOf(published), before], ...spread] : spread;
    for (const [day, reads] of days) {
      const row = chapterDay(chapter.id, chapter.story_id, day);
      row.reads += reads;
      row.readers += Math.round(reads * SIGNED_IN_SHARE);
    }
  }
  for (const row of chapterDays.values()) storyDay(row.story_id, row.day).reads += row.reads;
  for (const like of rows.likes)
    storyDay(like.story_id, String(like.created_at).slice(0, 10)).likes += 1;
  const published = new Set(rows.chapters.filter((c) => c.published === 1).map((c) => c.id));
  for (const comment of rows.comments) {
    if (comment.deleted_at || comment.hidden_at || !published.has(comment.chapter_id)) continue;
    storyDay(comment.story_id, String(comment.created_at).slice(0, 10)).comments += 1;
  }
  return { stories: [...storyDays.values()], chapters: [...chapterDays.values()] };
}

/** The seed writes the history itself: the worker's backfill of it is marked done. */
export async function markStatsBackfilled(db: Db, now: number): Promise<void> {
  const id = newId();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('jobs')
      .values({
        id,
        kind: 'stats-backfill',
        payload: '{}',
        run_at: iso(now),
        created_at: iso(now),
        done_at: iso(now),
      })
      .execute();
    await trx
      .insertInto('scheduled_runs')
      .values({ name: 'stats-backfill', period: '016', job_id: id, created_at: iso(now) })
      .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
      .execute();
  });
}

/** The bench's story: at least this many reads. */
export const MILLION_READS = 1_000_000;

/**
 * Tops the most read public story up to a million reads (bench/: `story-stats`), spread over
 * the last year by chapter (each keeps about 85 % of the readers of the one before), with the
 * same decay and weekly rhythm; its counters move with them. Returns its id.
 */
export async function makeMillionReadStory(db: Db, now: number): Promise<string | null> {
  const k = db.kysely;
  const story = await k
    .selectFrom('stories')
    .select(['id', 'reads_count', 'votes_count'])
    .where('visibility', '=', 'public')
    .orderBy('reads_count', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!story) return null;
  const missing = MILLION_READS - Number(story.reads_count);
  if (missing <= 0) return story.id;
  const chapters = await k
    .selectFrom('chapters')
    .select(['id', 'published_at'])
    .where('story_id', '=', story.id)
    .where('published', '=', 1)
    .orderBy('position')
    .execute();
  if (chapters.length === 0) return null;
  const shares = chapters.map((_, i) => 0.85 ** i);
  const sum = shares.reduce((a, b) => a + b, 0);
  const yearAgo = now - 365 * DAY;
  await k.transaction().execute(async (trx) => {
    let given = 0;
    for (const [i, chapter] of chapters.entries()) {
      const reads =
        i === chapters.length - 1 ? missing - given : Math.round((missing * shares[i]!) / sum);
      given += reads;
      const published = Math.max(Date.parse(String(chapter.published_at)), yearAgo);
      for (const [day, n] of spreadOverDays(reads, published, now, published, 200)) {
        const readers = Math.round(n * SIGNED_IN_SHARE);
        await trx
          .insertInto('chapter_daily_stats')
          .values({ chapter_id: chapter.id, story_id: story.id, day, reads: n, readers })
          .onConflict((oc) =>
            oc.columns(['chapter_id', 'day']).doUpdateSet((eb) => ({
              reads: eb('chapter_daily_stats.reads', '+', n),
              readers: eb('chapter_daily_stats.readers', '+', readers),
            })),
          )
          .execute();
        await addToStoryDay(trx, story.id, day, { reads: n });
      }
      await trx
        .updateTable('chapters')
        .set((eb) => ({ reads_count: eb('reads_count', '+', reads) }))
        .where('id', '=', chapter.id)
        .execute();
    }
    await trx
      .updateTable('stories')
      .set({
        reads_count: MILLION_READS,
        popular_score: popularScore(MILLION_READS, Number(story.votes_count)),
      })
      .where('id', '=', story.id)
      .execute();
  });
  return story.id;
}
