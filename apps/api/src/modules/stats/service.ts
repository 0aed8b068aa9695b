import { STATS, type StatsWindow, type StoryStats, type StoryStatsDay } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { isUuid } from '../../lib/ids.js';
import { DAY, MINUTE } from '../../lib/time.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { utcDay } from '../reading/reader-key.js';
import { isAuthor, storyNotFound } from '../stories/policy.js';
import { type ChapterSums, chapterSums, chaptersWithDay, storyDays, storyWithDay } from './repo.js';

/** The day lists made today, by window: the same all day, and 365 dates cost to format. */
const dayLists = new Map<string, readonly string[]>();

/** The `days` UTC days ending with the day of `now`, oldest first. */
export function windowDays(days: number, now: Date): readonly string[] {
  const day = utcDay(now);
  const key = `${days}:${day}`;
  const kept = dayLists.get(key);
  if (kept) return kept;
  const today = Date.parse(`${day}T00:00:00.000Z`);
  const list = Array.from({ length: days }, (_, i) =>
    utcDay(new Date(today - (days - 1 - i) * DAY)),
  );
  if (dayLists.size >= 16) dayLists.clear(); // yesterday's lists
  dayLists.set(key, list);
  return list;
}

type DayCounts = Omit<StoryStatsDay, 'day'>;

/**
 * A story's closed days, before today, in the widest window: the part of its Stats view that
 * changes only when an earlier day is corrected (a like taken back, a comment deleted).
 */
interface PastStats {
  /** The chapters the sums were taken over: one not among them means a rebuild. */
  chapterIds: Set<string>;
  /** Days with a row only. */
  days: Map<string, DayCounts>;
  /** Sums per chapter, `reads`/`readers` in the order of STATS.windows. */
  chapters: Map<string, ChapterSums>;
}

/** How long closed days are kept: a correction to one shows within this. */
const PAST_TTL_MS = 5 * MINUTE;
/** Bytes the kept closed days may take, by a rough measure (a day or a chapter ≈ 100 B). */
const PAST_MAX_BYTES = 8 * 1024 * 1024;

const nonNegative = (value: unknown) => Math.max(0, Number(value ?? 0));
const NO_SUMS: ChapterSums = { reads: [], readers: [], readersEver: 0 };

/**
 * A story's Stats view, for its author (docs/decisions/030-story-stats.md): read from the daily
 * rows the writes keep, never from the reads themselves, so its cost follows the window and the
 * chapters, not the story's millions of reads. Today's rows are read on every request, so
 * today's figures are live; the closed days before it are summed once and kept for a few
 * minutes per story, so a request reads a handful of rows however wide its window.
 */
export function createStatsService({ db }: { db: Db }) {
  const k = db.kysely;
  const past = new TtlCache<PastStats>({
    ttlMs: PAST_TTL_MS,
    maxBytes: PAST_MAX_BYTES,
    sizeOf: (kept) => (kept.days.size + kept.chapters.size + 1) * 100,
    now: () => Date.now(), // read at each use: the tests move the clock
  });

  async function closedDays(storyId: string, chapterIds: Set<string>, now: Date) {
    const dayBefore = (days: number) => windowDays(days + 1, now)[0]!;
    const yesterday = dayBefore(1);
    const froms = STATS.windows.map((days) => dayBefore(days - 1));
    const [rows, sums] = await Promise.all([
      storyDays(k, storyId, froms.at(-1)!, yesterday),
      chapterSums(k, storyId, { froms, to: yesterday }),
    ]);
    return {
      chapterIds,
      days: new Map(rows.map(({ day, ...counts }) => [day, counts])),
      chapters: sums,
    } satisfies PastStats;
  }

  return {
    async storyStats(viewer: UserRow, storyId: string, days: StatsWindow, now = new Date()) {
      if (!isUuid(storyId)) throw storyNotFound();
      const dayList = windowDays(days, now);
      const from = dayList[0]!;
      const today = dayList.at(-1)!;
      // Today's figures come with the story and with its chapters: two statements, side by
      // side. The chapters are read before the author is known; nobody else sees them.
      const [story, chapters] = await Promise.all([
        storyWithDay(k, storyId, today),
        chaptersWithDay(k, storyId, today),
      ]);
      // Anyone but the author meets the same 404 as a story that does not exist.
      if (!story || !isAuthor(viewer, story)) throw storyNotFound();
      const ids = new Set(chapters.map((chapter) => chapter.id));
      const key = `${story.id}:${today}`;
      const build = () => closedDays(story.id, ids, now);
      let closed = await past.get(key, build);
      // A chapter the kept sums never saw (one brought back from Recently deleted): sum again.
      if (chapters.some((chapter) => !closed.chapterIds.has(chapter.id))) {
        past.delete(key);
        closed = await past.get(key, build);
      }

      const series: StoryStatsDay[] = dayList.map((day) => {
        const counts = day === today ? story : closed.days.get(day);
        return {
          day,
          reads: nonNegative(counts?.reads),
          likes: nonNegative(counts?.likes),
          comments: nonNegative(counts?.comments),
        };
      });
      const total = (key: keyof DayCounts) => series.reduce((sum, day) => sum + day[key], 0);
      const w = STATS.windows.indexOf(days);
      return {
        story: { id: story.id, title: story.title },
        days,
        from,
        to: today,
        totals: { reads: total('reads'), likes: total('likes'), comments: total('comments') },
        series,
        chapters: chapters.map((chapter, index) => {
          const before = closed.chapters.get(chapter.id) ?? NO_SUMS;
          const reads = Number(chapter.reads ?? 0);
          const readers = Number(chapter.readers ?? 0);
          return {
            id: chapter.id,
            title: chapter.title,
            order: index + 1,
            published: chapter.published === 1,
            reads: nonNegative((before.reads[w] ?? 0) + reads),
            readers: nonNegative((before.readers[w] ?? 0) + readers),
            readers_all_time: nonNegative(before.readersEver + readers),
          };
        }),
      } satisfies StoryStats;
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
