import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { estimatedPage, pageQuery, uuid } from './common.js';
import { ratingFilter } from './discovery.js';
import { story } from './stories.js';

/**
 * `GET /search/chapters` (docs/decisions/032-chapter-text-search.md): words, or a "quoted
 * phrase", found inside the published chapters of public stories. `q` longer than
 * LIMITS.searchQueryMax is truncated, never refused.
 */
export const chapterSearchQuery = pageQuery.extend({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').slice(0, LIMITS.searchQueryMax)),
  rating: ratingFilter,
});
export type ChapterSearchQuery = z.infer<typeof chapterSearchQuery>;

/** A run of `text` to highlight: UTF-16 offsets, `end` exclusive. */
export const textRange = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type TextRange = z.infer<typeof textRange>;

/** One chapter that holds the words: the first paragraph holding them, and its sentence. */
export const chapterSearchHit = z
  .object({
    story,
    chapter: z.object({
      id: uuid,
      title: z.string(),
      /** 1-based position among the story's chapters. */
      position: z.number().int(),
    }),
    paragraph: z
      .number()
      .int()
      .min(0)
      .describe('The paragraph holding the match, from 0, as the reader numbers them'),
    snippet: z
      .object({
        text: z.string().describe('Plain text (never HTML): the sentence holding the match'),
        highlights: z.array(textRange),
      })
      .describe('The matching sentence and the runs of it that match'),
  })
  .meta({ id: 'ChapterSearchHit' });
export type ChapterSearchHit = z.infer<typeof chapterSearchHit>;

/**
 * `GET /search/chapters`'s page. Matching chapters are checked for who may read them only until
 * the page is full; the total of a query with more candidates than were checked is then
 * estimated from those checked (docs/decisions/040-chapter-text-walk.md).
 */
export const chapterSearchPage = estimatedPage(chapterSearchHit);
export type ChapterSearchPage = z.infer<typeof chapterSearchPage>;
