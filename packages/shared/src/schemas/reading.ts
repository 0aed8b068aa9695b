import { z } from 'zod';
import { isoDate } from './common.js';
import { story } from './stories.js';

/** `POST /chapters/{id}/progress`: `story_id` is optional and must be the chapter's story. */
export const progressQuery = z.object({ story_id: z.string().max(100).optional() });

export const progressResult = z
  .object({
    counted: z.boolean().describe('This call counted a new read'),
    reads_count: z.number().int().describe("The chapter's reads"),
    story_reads_count: z.number().int().describe("The story's reads"),
  })
  .meta({ id: 'ProgressResult' });
export type ProgressResult = z.infer<typeof progressResult>;

/** An item of `GET /users/me/progress` (Continue Reading). */
export const continueReading = z
  .object({
    story,
    chapter_id: z.string(),
    chapter_order: z.number().int().describe('Current position of that chapter, from 1'),
    chapter_title: z.string(),
    updated_at: isoDate.describe('When the reader last opened a chapter of this story'),
  })
  .meta({ id: 'ContinueReading' });
export type ContinueReading = z.infer<typeof continueReading>;

/** `GET /users/me/stats`: the feed's Your Stats and the Monthly Reading Challenge. */
export const userStats = z
  .object({
    stories_written: z.number().int().describe('All of the caller’s stories, private included'),
    public_stories: z.number().int(),
    total_reads: z.number().int().describe('Reads of all the caller’s stories'),
    total_likes: z.number().int().describe('Likes of all the caller’s stories'),
    followers_count: z.number().int(),
    following_count: z.number().int(),
    chapters_read: z.number().int().describe('Distinct chapters the caller has read, ever'),
    words_read: z.number().int().describe('Words of those chapters (as they are now)'),
    favourite_genre: z
      .string()
      .nullable()
      .describe('The genre of the stories the caller read most chapters of; null before any read'),
    reading_challenge: z.object({
      month: z.string().describe('The calendar month, UTC, as YYYY-MM'),
      goal: z.number().int(),
      stories_read: z
        .number()
        .int()
        .describe('Stories with a chapter read for the first time this month'),
      chapters_read: z.number().int().describe('Chapters read for the first time this month'),
      completed: z.boolean(),
    }),
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof userStats>;
