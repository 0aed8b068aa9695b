import {
  type Paged,
  type Story,
  type StorySearchQuery,
  USERNAME_PATTERN,
  type UserSummary,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { PublicStoryCounts } from '../discovery/counts.js';
import { userSummaries } from '../discovery/people.js';
import type { DiscoveryService } from '../discovery/service.js';
import { subjectsOf } from '../safety/repo.js';
import { countSearch, searchStoryIds, usersByPrefixQuery } from './repo.js';
import { searchTerms } from './terms.js';

type Viewer = UserRow | null;

/**
 * How long a search's match count is served before it is counted again: counting a word found
 * in most documents reads its whole index entry, so totals may lag new stories by this much.
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
  const matchCounts = new TtlCache<number>({
    ttlMs: SEARCH_COUNT_TTL_MS,
    maxEntries: SEARCH_COUNTS_KEPT,
  });

  return {
    /**
     * Full-text search over public stories (docs/decisions/007-full-text-search.md). A query
     * without words answers like `GET /stories` in the same sort (latest by default).
     */
    async stories(query: StorySearchQuery, viewer: Viewer): Promise<Paged<Story>> {
      const terms = searchTerms(query.q);
      if (terms.words.length === 0) {
        const sort = query.sort === undefined || query.sort === 'relevance' ? 'latest' : query.sort;
        return discovery.list({ ...query, sort }, viewer);
      }
      const ratings = await discovery.ratingsFor(viewer, query.rating);
      if (ratings.length === 0) return pageOf([], 0, query);
      const params = {
        genre: query.genre,
        ratings,
        sort: query.sort ?? 'relevance',
        offset: offsetOf(query),
        limit: query.limit,
      };
      const key = JSON.stringify([terms.words, terms.prefixLast, query.genre ?? null, ratings]);
      const matches = await matchCounts.get(key, () =>
        countSearch(k, db.dialect, terms, query.genre, ratings),
      );
      const scale = { matches, documents: await storyCounts.get(query.genre, ratings) };
      const ids = await searchStoryIds(k, db.dialect, terms, params, scale);
      // Ranked inside the search index, which does not know authors: a muter's page leaves out
      // the muted authors' matches afterwards, so pages never overlap or skip, but one may
      // hold fewer than `limit` (docs/decisions/024-blocks-and-mutes.md).
      const muted = (await discovery.muter(viewer))
        ? await subjectsOf(k, 'mutes', viewer!.id)
        : null;
      const items = (await discovery.viewsOf(ids, viewer, ratings)).filter(
        (item) => !muted?.has(item.author.id),
      );
      return pageOf(items, matches, query);
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
