import { z } from 'zod';
import {
  COMPLETION_STATUSES,
  COPYRIGHTS,
  GENRES,
  LIMITS,
  STORY_LANGUAGES,
  VISIBILITIES,
} from '../constants.js';
import { multiLine, normalizeTags, STORY_MESSAGES, singleLine } from '../messages-stories.js';
import { RATING_MESSAGES, RATINGS, STORY_WARNINGS } from '../ratings.js';
import { estimatedPage, isoDate } from './common.js';
import { authorSummary } from './users.js';

export {
  defaultChapterTitle,
  multiLine,
  normalizeTags,
  STORY_MESSAGES,
  singleLine,
} from '../messages-stories.js';

const requiredText = (message: string) => z.string({ message }).overwrite(singleLine);

export const storyTitleField = requiredText(STORY_MESSAGES.titleRequired)
  .min(1, STORY_MESSAGES.titleRequired)
  .max(LIMITS.titleMax, STORY_MESSAGES.titleMax);

/** Null or absent means empty. A client may only count to 2000 characters; the server enforces it. */
export const descriptionField = z
  .string()
  .overwrite(multiLine)
  .max(LIMITS.descriptionMax, STORY_MESSAGES.descriptionMax)
  .nullable()
  .transform((v) => v ?? '');

export const genreField = z.enum(GENRES, { message: STORY_MESSAGES.genreRequired });
export const visibilityField = z.enum(VISIBILITIES, { message: STORY_MESSAGES.visibilityInvalid });

export const tagsField = z
  .union([z.array(z.string().max(1000)).max(100), z.string().max(5000)])
  .nullable()
  .transform((v) => normalizeTags(v ?? []))
  .pipe(
    z
      .array(z.string().max(LIMITS.tagMax, STORY_MESSAGES.tagMax))
      .max(LIMITS.tagsPerStory, STORY_MESSAGES.tagsMax),
  );

/** A flag from JSON (true/false) or a form field ('true'/'false', '1'/'0', 'on'/'off'). */
const flagField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const ratingField = z.enum(RATINGS, { message: RATING_MESSAGES.ratingInvalid });

/**
 * Warnings: a JSON array, or (in a multipart form) a comma-joined string; deduplicated and kept
 * in the fixed list's order, so at most STORY_WARNINGS.length.
 */
export const warningsField = z
  .union([z.array(z.string().max(100)).max(50), z.string().max(1000)])
  .nullable()
  .transform((v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean)
      : (v ?? []),
  )
  .pipe(z.array(z.enum(STORY_WARNINGS, { message: RATING_MESSAGES.warningInvalid })))
  .transform((list) => STORY_WARNINGS.filter((w) => list.includes(w)));

/**
 * The edit form's extra settings (comments, rating and warnings, status, language, copyright),
 * stored on the server. `mature_content` is the rating seen by older clients: true lifts a
 * General or Teen story to Mature, false lowers Mature or Explicit to Teen; `rating` wins when
 * both are given (docs/decisions/023-ratings.md).
 */
export const storySettingsInput = z.object({
  allow_comments: flagField.optional(),
  mature_content: flagField.optional(),
  rating: ratingField.optional(),
  warnings: warningsField.optional(),
  completion_status: z.enum(COMPLETION_STATUSES).optional(),
  language: z.enum(STORY_LANGUAGES).optional(),
  copyright: z.enum(COPYRIGHTS).optional(),
});
export type StorySettingsInput = z.infer<typeof storySettingsInput>;

export const chapterTitleField = z
  .string()
  .overwrite(singleLine)
  .max(LIMITS.chapterTitleMax, STORY_MESSAGES.chapterTitleMax)
  .nullable();

/**
 * Raw editor HTML. The stored content is the sanitized HTML, bounded by
 * LIMITS.chapterContentMax on the server; the raw bound here only stops absurd input early.
 */
export const chapterContentField = z
  .string()
  .max(LIMITS.chapterContentMax * 2, STORY_MESSAGES.chapterContentMax);

export const newStoryChapter = z.object({
  title: chapterTitleField.optional(),
  content: chapterContentField.nullable().transform((v) => v ?? ''),
});
export type NewStoryChapter = z.infer<typeof newStoryChapter>;

const chapterList = z
  .array(newStoryChapter, { message: STORY_MESSAGES.chaptersInvalid })
  .max(LIMITS.chaptersPerStory, STORY_MESSAGES.tooManyChapters);

/** A JSON array, or (in a multipart form) the same array as a JSON string. */
const chaptersField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, chapterList);

/**
 * `POST /stories` (multipart: tags comma-joined, chapters as a JSON string) and
 * `POST /stories/json`. With `chapters` given, at least one must have content; without, the
 * story starts with no chapters.
 */
export const createStoryBody = storySettingsInput.extend({
  title: storyTitleField,
  description: descriptionField.optional().transform((v) => v ?? ''),
  genre: genreField,
  tags: tagsField.optional().transform((v) => v ?? []),
  visibility: visibilityField.default('public'),
  chapters: chaptersField.optional(),
});
export type CreateStoryBody = z.infer<typeof createStoryBody>;

/** `PATCH /stories/{id}`: every field optional; settings flat or under `settings`. */
export const updateStoryBody = storySettingsInput.extend({
  title: storyTitleField.optional(),
  description: descriptionField.optional(),
  genre: genreField.optional(),
  tags: tagsField.optional(),
  visibility: visibilityField.optional(),
  settings: storySettingsInput.optional(),
});
export type UpdateStoryBody = z.infer<typeof updateStoryBody>;

const chapterOrderField = z.number().int().min(1).max(1_000_000);

/**
 * When a chapter is to publish: an ISO-8601 date-time with its offset (stored in UTC), or null
 * to cancel a schedule. That it lies ahead, and not too far, is checked by the service.
 */
export const publishAtField = z
  .string({ message: STORY_MESSAGES.scheduleInvalid })
  .max(64, STORY_MESSAGES.scheduleInvalid)
  .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, {
    message: STORY_MESSAGES.scheduleInvalid,
  })
  .nullable()
  .describe('When to publish (ISO-8601 with offset, kept in UTC); null cancels the schedule');

export const createChapterBody = z.object({
  story_id: z.string().max(100),
  title: chapterTitleField.optional(),
  content: chapterContentField.optional().transform((v) => v ?? ''),
  order: chapterOrderField.optional(),
  published: z.boolean().optional(),
  publish_at: publishAtField.optional(),
});
export type CreateChapterBody = z.infer<typeof createChapterBody>;

export const updateChapterBody = z.object({
  title: chapterTitleField.optional(),
  content: chapterContentField.optional(),
  order: chapterOrderField.optional(),
  published: z.boolean().optional(),
  publish_at: publishAtField.optional(),
});
export type UpdateChapterBody = z.infer<typeof updateChapterBody>;

export const idParams = z.object({ id: z.string().max(100) });

/** `published_only` defaults to true; false is honoured for the story's author only. */
export const chaptersByStoryQuery = z.object({
  published_only: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * Hidden by the moderators, with their reason (docs/decisions/025-moderation.md): only its
 * author is ever sent hidden content, and sees this on it.
 */
const hiddenByModerators = z
  .object({ reason: z.string().nullable(), at: isoDate })
  .nullable()
  .optional()
  .describe('Hidden by the moderators (its author alone is sent it), with their reason');

export const storySettings = z
  .object({
    allow_comments: z.boolean(),
    mature_content: z.boolean().describe('The rating is Mature or Explicit (for older clients)'),
    completion_status: z.enum(COMPLETION_STATUSES),
    language: z.string(),
    copyright: z.string(),
  })
  .meta({ id: 'StorySettings' });
export type StorySettings = z.infer<typeof storySettings>;

export const story = z
  .object({
    id: z.string(),
    author_id: z.string(),
    title: z.string(),
    description: z.string(),
    genre: z.string(),
    tags: z.array(z.string()),
    rating: z.enum(RATINGS).describe('General, Teen, Mature or Explicit'),
    warnings: z.array(z.enum(STORY_WARNINGS)),
    visibility: z.enum(VISIBILITIES),
    cover_image: z.string().nullable().describe('URL path of the 600×900 cover, or null'),
    cover_thumb: z.string().nullable().describe('URL path of the 300×450 cover, or null'),
    reads_count: z.number().int(),
    votes_count: z.number().int(),
    comments_count: z.number().int(),
    chapters_count: z.number().int().describe('Published chapters'),
    word_count: z.number().int().describe('Words of the published chapters'),
    created_at: isoDate,
    updated_at: isoDate,
    published_at: isoDate.nullable().describe('First time the story was public'),
    settings: storySettings,
    author: authorSummary,
    is_liked: z.boolean().optional().describe('Signed-in callers only'),
    is_saved: z.boolean().optional().describe('Signed-in callers only'),
    hidden: hiddenByModerators,
  })
  .meta({ id: 'Story' });
export type Story = z.infer<typeof story>;

/**
 * `GET /stories`: a page of public stories. `total_estimated` is set when the total of a long
 * filtered list was estimated from a sample rather than counted, and rounded to two significant
 * figures (docs/decisions/038-estimated-filter-totals.md).
 */
export const storyListPage = estimatedPage(story);
export type StoryListPage = z.infer<typeof storyListPage>;

/**
 * A story as its card shows it: cover thumbnail, title, genre, its author's name and counts (the author
 * by username alone, which every profile shows whatever its privacy). What the home page's
 * sections carry, so that the page a visitor is sent holds only what it shows.
 */
export const storyCard = story
  .pick({
    id: true,
    title: true,
    genre: true,
    rating: true,
    cover_thumb: true,
    reads_count: true,
    votes_count: true,
    comments_count: true,
  })
  .extend({ author: authorSummary.pick({ username: true }) })
  .meta({ id: 'StoryCard' });
export type StoryCard = z.infer<typeof storyCard>;

/** A card with the story's summary, for the list layout. */
export const storySummaryCard = storyCard
  .extend({ description: z.string() })
  .meta({ id: 'StorySummaryCard' });
export type StorySummaryCard = z.infer<typeof storySummaryCard>;

/** The home page's sections, each story on the page once (docs/api.md). */
export const homeSections = z
  .object({
    featured: z.array(storyCard).describe('The most popular stories'),
    most_popular: z.array(storySummaryCard).describe('The next most popular, with summaries'),
    trending: z.array(storyCard).describe('Trending, leaving out the stories above'),
    latest: z.array(storyCard).describe('Newest first, leaving out the stories above'),
  })
  .meta({ id: 'HomeSections' });
export type HomeSections = z.infer<typeof homeSections>;

const partLink = z.object({ id: z.string(), title: z.string(), part: z.number().int() });

/** On a story's detail: the series it is part of, and its visible neighbours (issue 22). */
export const storySeries = z
  .object({
    id: z.string(),
    title: z.string(),
    part: z.number().int().describe('Its number in the series, as its author ordered it'),
    previous: partLink.nullable().describe('The nearest earlier part the caller may see'),
    next: partLink.nullable().describe('The nearest later part the caller may see'),
  })
  .meta({ id: 'StorySeries' });
export type StorySeries = z.infer<typeof storySeries>;

export const storyDetail = story
  .extend({
    series: storySeries.nullable().optional().describe('The series it is part of, if any'),
    is_following_author: z.boolean().optional().describe('Signed-in callers only'),
    progress: z
      .object({ chapter_id: z.string(), order: z.number().int() })
      .nullable()
      .optional()
      .describe('Signed-in callers only: the chapter they last opened (Continue Reading)'),
  })
  .meta({ id: 'StoryDetail' });
export type StoryDetail = z.infer<typeof storyDetail>;

export const chapter = z
  .object({
    hidden: hiddenByModerators,
    id: z.string(),
    story_id: z.string(),
    title: z.string(),
    content: z.string().describe('Sanitized HTML: p, br, strong, em, u, blockquote'),
    order: z.number().int().describe('Position in the story, from 1'),
    published: z.boolean(),
    word_count: z.number().int(),
    reads_count: z.number().int(),
    published_at: isoDate.nullable(),
    publish_at: isoDate
      .nullable()
      .optional()
      .describe('Scheduled to publish at this time (its author alone is sent it)'),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'Chapter' });
export type Chapter = z.infer<typeof chapter>;

/** A line of a story's table of contents: a chapter without its text. */
export const chapterSummary = chapter
  .pick({
    id: true,
    title: true,
    order: true,
    published: true,
    word_count: true,
    published_at: true,
    publish_at: true,
  })
  .meta({ id: 'ChapterSummary' });
export type ChapterSummary = z.infer<typeof chapterSummary>;
