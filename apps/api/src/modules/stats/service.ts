import type { StoryStats, StoryStatsDay } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { isUuid } from '../../lib/ids.js';
import { DAY } from '../../lib/time.js';
import { utcDay } from '../reading/reader-key.js';
import { isAuthor, storyNotFound } from '../stories/policy.js';
import { findStoryById } from '../stories/repo.js';
import { chapterSums, storyChapters, storyDays } from './repo.js';

/** The `days` UTC days ending with the day of `now`, oldest first. */
export function windowDays(days: number, now: Date): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY)));
}

/**
 * A story's Stats view, for its author (docs/decisions/030-story-stats.md): read from the daily
 * rows the writes keep, never from the reads themselves, so its cost follows the window and the
 * chapters, not the story's millions of reads.
 */
export function createStatsService({ db }: { db: Db }) {
  const k = db.kysely;
  return {
    async storyStats(viewer: UserRow, storyId: string, days: number, now = new Date()) {
      const story = isUuid(storyId) ? await findStoryById(k, storyId) : undefined;
      // Anyone but the author meets the same 404 as a story that does not exist.
      if (!story || !isAuthor(viewer, story)) throw storyNotFound();
      const dayList = windowDays(days, now);
      const from = dayList[0]!;
      const to = dayList[dayList.length - 1]!;
      const [rows, chapters, sums] = await Promise.all([
        storyDays(k, story.id, from, to),
        storyChapters(k, story.id),
        chapterSums(k, story.id, from, to),
      ]);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const series: StoryStatsDay[] = dayList.map((day) => {
        const row = byDay.get(day);
        return {
          day,
          reads: Math.max(0, Number(row?.reads ?? 0)),
          likes: Math.max(0, Number(row?.likes ?? 0)),
          comments: Math.max(0, Number(row?.comments ?? 0)),
        };
      });
      const sum = (key: 'reads' | 'likes' | 'comments') =>
        series.reduce((total, day) => total + day[key], 0);
      return {
        story: { id: story.id, title: story.title },
        days,
        from,
        to,
        totals: { reads: sum('reads'), likes: sum('likes'), comments: sum('comments') },
        series,
        chapters: chapters.map((chapter, index) => ({
          id: chapter.id,
          title: chapter.title,
          order: index + 1,
          published: chapter.published === 1,
          reads: Math.max(0, sums.get(chapter.id)?.reads ?? 0),
          readers: Math.max(0, sums.get(chapter.id)?.readers ?? 0),
          readers_all_time: Math.max(0, sums.get(chapter.id)?.readersEver ?? 0),
        })),
      } satisfies StoryStats;
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
