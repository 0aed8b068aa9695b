import {
  type ChapterSearchHit,
  type ChapterSearchPage,
  type ChapterSearchQuery,
  paragraphsOfHtml,
  type StoryListPage,
  type StorySearchQuery,
  USERNAME_PATTERN,
  type UserSummary,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { estimatedPageOf, offsetOf, pageOf, reachedPageOf } from '../../lib/pagination.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { PublicStoryCounts } from '../discovery/counts.js';
import { userSummaries } from '../discovery/people.js';
import type { DiscoveryService } from '../discovery/service.js';
import { paragraphTexts } from './chapter-index.js';
import { matchingChapters } from './chapter-repo.js';
import { chapterTerms, isEmpty, snippetOf } from './chapter-terms.js';
import {
  type MatchCounts,
  type SearchTotal,
  searchStoryIds,
  searchTotal,
  usersByPrefixQuery,
} from './repo.js';
import { searchTerms } from './terms.js';

type Viewer = UserRow | null;

/**
 * How long a search's total, and the index's counts it is made of, are served before they are
 * counted again: counting a word found in most documents reads its whole index entry. A total
 * may be made from counts kept as long, so totals may lag new stories by up to twice this.
 */
export const SEARCH_COUNT_TTL_MS = 60_000;
const SEARCH_COUNTS_KEPT = 2_000;

export interface SearchServiceDeps {
  db: Db;
  /** Answers a search without words, and builds the payloads of the matches. */
  discovery: DiscoveryService;
  /** How many public documents there are, for scaling a word's rarity. */
  storyCounts: PublicStoryCounts;
}

export function createSearchService({ db, discovery, storyCounts }: SearchServiceDeps) {
  const k = db.kysely;
  const totals = new TtlCache<SearchTotal>({
    ttlMs: SEARCH_COUNT_TTL_MS,
    maxEntries: SEARCH_COUNTS_KEPT,
  });
  // What totals are made of and every viewer shares: the index's count of a match.
  const matchCounts = new TtlCache<unknown>({
    ttlMs: SEARCH_COUNT_TTL_MS,
    maxEntries: SEARCH_COUNTS_KEPT,
  });
  const counts: MatchCounts = (key, count) =>
    matchCounts.get(key, count) as ReturnType<typeof count>;

  return {
    /**
     * Full-text search over public stories (docs/decisions/007-full-text-search.md). A query
     * without words answers like `GET /stories` in the same sort (latest by default).
     */
    async stories(query: StorySearchQuery, viewer: Viewer): Promise<StoryListPage> {
      const terms = searchTerms(query.q);
      if (terms.words.length === 0) {
        const sort = query.sort === undefined || query.sort === 'relevance' ? 'latest' : query.sort;
        return discovery.list({ ...query, sort }, viewer);
      }
      const ratings = await discovery.ratingsFor(viewer, query.rating);
      if (ratings.length === 0) return pageOf([], 0, query);
      // A muter's muted authors are left out inside the search itself, so their pages are full
      // and their total counts what they can see (docs/decisions/024-blocks-and-mutes.md).
      const mutedBy = await discovery.muter(viewer);
      const params = {
        genre: query.genre,
        ratings,
        mutedBy,
        sort: query.sort ?? 'relevance',
        offset: offsetOf(query),
        limit: query.limit,
      };
      const key = JSON.stringify([
        terms.words,
        terms.prefixLast,
        query.genre ?? null,
        ratings,
        mutedBy ?? null,
      ]);
      const counted = await totals.get(key, () =>
        searchTotal(k, db.dialect, terms, { genre: query.genre, ratings, mutedBy }, { counts }),
      );
      const scale = {
        matches: counted.matches,
        total: counted.total,
        documents: await storyCounts.get(query.genre, ratings),
      };
      const ids = await searchStoryIds(k, db.dialect, terms, params, scale);
      return reachedPageOf(
        await discovery.viewsOf(ids, viewer, ratings),
        ids.length,
        counted,
        query,
      );
    },

    /**
     * "In chapter text": chapters of public stories whose text holds the words or phrases, the
     * newest first, each with the sentence of its first matching paragraph
     * (docs/decisions/032-chapter-text-search.md). Muted authors' chapters are left out before
     * paging, so pages are full; matches are checked only as far as the page, and a total past
     * them is estimated (decision 040).
     */
    async chapters(query: ChapterSearchQuery, viewer: Viewer): Promise<ChapterSearchPage> {
      const terms = chapterTerms(query.q);
      if (isEmpty(terms)) return pageOf([], 0, query);
      const ratings = await discovery.ratingsFor(viewer, query.rating);
      if (ratings.length === 0) return pageOf([], 0, query);
      const offset = offsetOf(query);
      const found = await matchingChapters(
        k,
        db.dialect,
        terms,
        { ratings, mutedBy: await discovery.muter(viewer) },
        { offset, limit: query.limit },
      );
      const page = found.matches.slice(offset, offset + query.limit);
      if (page.length === 0) return estimatedPageOf([], found, query);
      const chapters = await k
        .selectFrom('chapters')
        .select(['id', 'title', 'position', 'content'])
        .where(
          'id',
          'in',
          page.map((match) => match.chapter_id),
        )
        .execute();
      const chapterById = new Map(chapters.map((row) => [row.id, row]));
      const stories = await discovery.viewsOf(
        [...new Set(page.map((match) => match.story_id))],
        viewer,
        ratings,
      );
      const storyById = new Map(stories.map((story) => [story.id, story]));
      const items: ChapterSearchHit[] = [];
      for (const match of page) {
        const chapter = chapterById.get(match.chapter_id);
        const story = storyById.get(match.story_id);
        if (!chapter || !story) continue;
        const html = paragraphsOfHtml(chapter.content)[match.paragraph];
        if (html === undefined) continue;
        const text = paragraphTexts(html)[0] ?? '';
        items.push({
          story,
          chapter: { id: chapter.id, title: chapter.title, position: chapter.position },
          paragraph: match.paragraph,
          snippet: snippetOf(text, terms),
        });
      }
      return estimatedPageOf(items, found, query);
    },

    /** Authors for the search box: usernames starting with `q` (any case; a leading @ is fine). */
    async users(q: string, limit: number, viewer: Viewer): Promise<UserSummary[]> {
      const prefix = q.trim().replace(/^@/, '').toLowerCase();
      if (!prefix || !USERNAME_PATTERN.test(prefix)) return [];
      const users = await usersByPrefixQuery(k, db.dialect, prefix, limit).execute();
      return userSummaries(k, viewer, users);
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
