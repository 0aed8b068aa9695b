/**
 * The filters of `GET /stories` and the Discover page (issue 23, docs/decisions/031-story-filters.md),
 * as readers of the Archive of Our Own use them. Free of zod, so the web bundle can use them.
 */
import { COMPLETION_STATUSES, type CompletionStatus, STORY_LANGUAGES } from './constants.js';
import { groupDigits } from './format-number.js';
import { normalizeTags } from './messages-stories.js';

export const FILTER_LIMITS = {
  /** Tags to include, and tags to exclude: at most this many each. */
  tagsMax: 10,
  /** The largest word count a range may name. */
  wordsMax: 100_000_000,
} as const;

export type StoryLanguage = (typeof STORY_LANGUAGES)[number];

/** The filters as the API reads them, after validation; absent means no filter. */
export interface StoryFilters {
  /** Tag keys (lower-cased) every story listed has. */
  tags?: string[];
  /** Tag keys no story listed has. */
  exclude_tags?: string[];
  status?: CompletionStatus;
  language?: StoryLanguage;
  words_min?: number;
  words_max?: number;
}

export const FILTER_MESSAGES = {
  tagsMax: `At most ${FILTER_LIMITS.tagsMax} tags can be included`,
  excludeTagsMax: `At most ${FILTER_LIMITS.tagsMax} tags can be excluded`,
  tagTooLong: 'Tags are at most 30 characters',
  tagBoth: 'A tag cannot be both included and excluded',
  statusInvalid: `Status must be one of: ${COMPLETION_STATUSES.join(', ')}`,
  languageInvalid: `Language must be one of: ${STORY_LANGUAGES.join(', ')}`,
  wordsInvalid: 'Word counts must be whole numbers of 0 or more',
  wordsInverted: 'The smallest word count must not be more than the largest',
  // The web's filter panel.
  panelTitle: 'Filters',
  open: 'Filters',
  includeTags: 'Tags to include',
  excludeTags: 'Tags to exclude',
  tagsHint: 'Separate tags with commas',
  rating: 'Rating',
  status: 'Status',
  anyStatus: 'Any status',
  language: 'Language',
  anyLanguage: 'Any language',
  words: 'Word count',
  wordsFrom: 'From',
  wordsTo: 'To',
  apply: 'Apply filters',
  clearAll: 'Clear all',
  remove: (label: string) => `Remove filter: ${label}`,
  chipTag: (tag: string) => `Tag: ${tag}`,
  chipExclude: (tag: string) => `Not: ${tag}`,
  chipWords: (min?: number, max?: number) =>
    min !== undefined && max !== undefined
      ? `${groupDigits(min)}–${groupDigits(max)} words`
      : min !== undefined
        ? `${groupDigits(min)}+ words`
        : `Up to ${groupDigits(max ?? 0)} words`,
} as const;

/** Tag keys from a comma-separated list, as story tags are keyed: trimmed, NFC, lower-cased, once each. */
export const tagKeys = (value: string): string[] => [
  ...new Set(normalizeTags(value).map((tag) => tag.toLowerCase())),
];

/** Whether any filter is set (a list without one keeps its plain, cached-total plans). */
export const hasFilters = (filters: StoryFilters): boolean =>
  (filters.tags?.length ?? 0) > 0 ||
  (filters.exclude_tags?.length ?? 0) > 0 ||
  filters.status !== undefined ||
  filters.language !== undefined ||
  filters.words_min !== undefined ||
  filters.words_max !== undefined;
