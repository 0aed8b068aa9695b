import { z } from 'zod';
import {
  COMPLETION_STATUSES,
  type CompletionStatus,
  DISCOVERY,
  GENRES,
  type Genre,
  LIMITS,
  SEARCH_SORTS,
  STORY_LANGUAGES,
  STORY_SORTS,
} from '../constants.js';
import { DISCOVERY_MESSAGES } from '../messages-discovery.js';
import { RATING_MESSAGES, RATINGS, type Rating } from '../ratings.js';
import {
  FILTER_LIMITS,
  FILTER_MESSAGES,
  type StoryFilters,
  type StoryLanguage,
  tagKeys,
} from '../story-filters.js';
import { pageQuery } from './common.js';

const GENRE_BY_KEY = new Map<string, Genre>(GENRES.map((genre) => [genre.toLowerCase(), genre]));

/** A genre name in any case; blank or 'All' means every genre (undefined). */
export const genreFilter = z
  .string()
  .max(100)
  .optional()
  .transform((value, ctx): Genre | undefined => {
    const key = (value ?? '').trim().toLowerCase();
    if (key === '' || key === 'all') return undefined;
    const genre = GENRE_BY_KEY.get(key);
    if (!genre) ctx.addIssue({ code: 'custom', message: DISCOVERY_MESSAGES.genreInvalid });
    return genre;
  });

/**
 * Ratings to list, comma-separated (`general,teen`), any case; blank or absent means every
 * rating the viewer may see. Intersected with those on the server.
 */
export const ratingFilter = z
  .string()
  .max(100)
  .optional()
  .transform((value, ctx): Rating[] | undefined => {
    const keys = (value ?? '')
      .split(',')
      .map((key) => key.trim().toLowerCase())
      .filter(Boolean);
    if (keys.length === 0) return undefined;
    const unknown = keys.filter((key) => !(RATINGS as readonly string[]).includes(key));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: RATING_MESSAGES.ratingInvalid });
      return undefined;
    }
    return RATINGS.filter((rating) => keys.includes(rating));
  });

/** Pages that start beyond the result window are refused; `total` still counts everything. */
const withinWindow = (query: { page: number; limit: number }, ctx: z.RefinementCtx) => {
  if ((query.page - 1) * query.limit >= DISCOVERY.resultWindow) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: DISCOVERY_MESSAGES.pageTooDeep });
  }
};

/** Tags, comma-separated, any case: their keys, at most FILTER_LIMITS.tagsMax. */
const tagsFilter = (tooMany: string) =>
  z
    .string()
    .max(2000)
    .optional()
    .transform((value, ctx): string[] | undefined => {
      const keys = tagKeys(value ?? '');
      if (keys.length === 0) return undefined;
      if (keys.length > FILTER_LIMITS.tagsMax) ctx.addIssue({ code: 'custom', message: tooMany });
      if (keys.some((key) => key.length > LIMITS.tagMax))
        ctx.addIssue({ code: 'custom', message: FILTER_MESSAGES.tagTooLong });
      return keys;
    });

/** One of a fixed list, in any case; blank means no filter. */
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .max(100)
    .optional()
    .transform((value, ctx): T | undefined => {
      const key = (value ?? '').trim().toLowerCase();
      if (key === '' || key === 'any') return undefined;
      const found = values.find((v) => v.toLowerCase() === key);
      if (!found) ctx.addIssue({ code: 'custom', message });
      return found;
    });

const wordsFilter = z
  .string()
  .max(20)
  .optional()
  .transform((value, ctx): number | undefined => {
    const text = (value ?? '').trim();
    if (text === '') return undefined;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n > FILTER_LIMITS.wordsMax) {
      ctx.addIssue({ code: 'custom', message: FILTER_MESSAGES.wordsInvalid });
      return undefined;
    }
    return n;
  });

/**
 * The filters of `GET /stories` (docs/decisions/031-story-filters.md): tags to include and to
 * exclude, completion status, language and a word count range; any combination, with any sort.
 */
export const storyFilterFields = {
  tags: tagsFilter(FILTER_MESSAGES.tagsMax).describe(
    'Tags every story has, comma-separated, any case (at most 10)',
  ),
  exclude_tags: tagsFilter(FILTER_MESSAGES.excludeTagsMax).describe(
    'Tags no story has, comma-separated, any case (at most 10)',
  ),
  status: oneOf<CompletionStatus>(COMPLETION_STATUSES, FILTER_MESSAGES.statusInvalid).describe(
    'ongoing or completed',
  ),
  language: oneOf<StoryLanguage>(STORY_LANGUAGES, FILTER_MESSAGES.languageInvalid).describe(
    'One of the story languages, any case',
  ),
  words_min: wordsFilter.describe('Fewest words (published chapters)'),
  words_max: wordsFilter.describe('Most words (published chapters)'),
};

/** A tag both included and excluded, or a word range upside down: refused. */
const filtersAgree = (query: StoryFilters, ctx: z.RefinementCtx) => {
  const excluded = new Set(query.exclude_tags ?? []);
  if ((query.tags ?? []).some((tag) => excluded.has(tag)))
    ctx.addIssue({ code: 'custom', path: ['exclude_tags'], message: FILTER_MESSAGES.tagBoth });
  if (
    query.words_min !== undefined &&
    query.words_max !== undefined &&
    query.words_min > query.words_max
  )
    ctx.addIssue({ code: 'custom', path: ['words_max'], message: FILTER_MESSAGES.wordsInverted });
};

/** `GET /stories`: public stories in one of the list orders, filtered (docs/api.md). */
export const storyListQuery = pageQuery
  .extend({
    genre: genreFilter,
    rating: ratingFilter,
    sort: z.enum(STORY_SORTS, { message: DISCOVERY_MESSAGES.sortInvalid }).default('latest'),
    ...storyFilterFields,
  })
  .superRefine(withinWindow)
  .superRefine(filtersAgree);
export type StoryListQuery = z.infer<typeof storyListQuery>;

/**
 * `GET /stories/search`. `q` longer than LIMITS.searchQueryMax is truncated, never refused; a
 * blank `q` (or one with no words) answers like `GET /stories`. `sort` defaults to relevance
 * with words to match, else latest.
 */
export const storySearchQuery = pageQuery
  .extend({
    q: z
      .string()
      .optional()
      .transform((v) => (v ?? '').slice(0, LIMITS.searchQueryMax)),
    genre: genreFilter,
    rating: ratingFilter,
    sort: z.enum(SEARCH_SORTS, { message: DISCOVERY_MESSAGES.searchSortInvalid }).optional(),
  })
  .superRefine(withinWindow);
export type StorySearchQuery = z.infer<typeof storySearchQuery>;

/** A paged list bounded by the result window (`GET /feed/following`). */
export const windowedPageQuery = pageQuery.superRefine(withinWindow);

export const similarQuery = z.object({
  limit: z.coerce.number().int().min(1).max(DISCOVERY.similarMax).default(DISCOVERY.similarMax),
});

export const suggestedAuthorsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DISCOVERY.suggestedAuthorsMax)
    .default(DISCOVERY.suggestedAuthorsMax),
});

/** `GET /users/search`: a username prefix, any case. */
export const userSearchQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').slice(0, LIMITS.searchQueryMax)),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DISCOVERY.userSearchMax)
    .default(DISCOVERY.userSearchDefault),
});

/**
 * A user in search results and suggestions. When the user's privacy settings hide their
 * profile from the caller (`restricted: true`) only `id` and `username` are present.
 */
export const userSummary = z
  .object({
    id: z.string(),
    username: z.string(),
    restricted: z.boolean().describe('true when privacy settings hide the rest from the caller'),
    bio: z.string().nullable().optional(),
    profile_pic: z.string().nullable().optional(),
    followers_count: z.number().int().optional(),
    stories_count: z.number().int().optional().describe('Public stories'),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummary>;

/**
 * An entry of the author directory (`GET /users/authors`): a user summary plus, for signed-in
 * callers other than the author, whether they follow them.
 */
export const directoryAuthor = userSummary
  .extend({
    is_following: z.boolean().optional().describe('Signed-in callers other than the author'),
  })
  .meta({ id: 'DirectoryAuthor' });
export type DirectoryAuthor = z.infer<typeof directoryAuthor>;
