import { z } from 'zod';
import { STATS, STATS_MESSAGES, type StatsWindow } from '../messages-stats.js';

/** `GET /stories/{id}/stats?days=7|30|365`: the window, in UTC days ending today. */
export const storyStatsQuery = z.object({
  days: z
    .enum(STATS.windows.map(String) as [string, ...string[]], {
      message: STATS_MESSAGES.daysInvalid,
    })
    .default(String(STATS.defaultWindow))
    .transform((days) => Number(days) as StatsWindow)
    .describe('The window: the last 7, 30 or 365 UTC days, today included'),
});
export type StoryStatsQuery = z.infer<typeof storyStatsQuery>;

const count = z.number().int();

export const storyStatsDay = z
  .object({
    day: z.string().describe('A UTC day, YYYY-MM-DD'),
    reads: count.describe('Reads counted that day'),
    likes: count.describe('Likes given that day that still stand'),
    comments: count.describe('Comments written that day that still stand'),
  })
  .meta({ id: 'StoryStatsDay' });
export type StoryStatsDay = z.infer<typeof storyStatsDay>;

export const storyStatsChapter = z
  .object({
    id: z.string(),
    title: z.string(),
    order: count.describe('Position in the story, from 1'),
    published: z.boolean(),
    reads: count.describe('Reads of the chapter in the window'),
    readers: count.describe('Signed-in readers who reached the chapter in the window'),
    readers_all_time: count.describe('Signed-in readers who ever reached the chapter'),
  })
  .meta({ id: 'StoryStatsChapter' });
export type StoryStatsChapter = z.infer<typeof storyStatsChapter>;

export const storyStats = z
  .object({
    story: z.object({ id: z.string(), title: z.string() }),
    days: count,
    from: z.string().describe('First day of the window, YYYY-MM-DD (UTC)'),
    to: z.string().describe('Last day of the window (today, UTC)'),
    totals: z.object({ reads: count, likes: count, comments: count }),
    series: z.array(storyStatsDay).describe('One entry per day of the window, oldest first'),
    chapters: z.array(storyStatsChapter).describe('Every chapter, in story order'),
  })
  .meta({ id: 'StoryStats' });
export type StoryStats = z.infer<typeof storyStats>;
