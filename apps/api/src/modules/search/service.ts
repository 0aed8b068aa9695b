import {
  type Paged,
  type Story,
  type StorySearchQuery,
  USERNAME_PATTERN,
  type UserSummary,
} from '@storyloom/shared';
import type { UserRow } from '../../db/types.js';
import type { AppDeps } from '../../deps.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { userSummaries } from '../discovery/people.js';
import { createDiscoveryService } from '../discovery/service.js';
import { countSearch, searchStoryIds, usersByPrefixQuery } from './repo.js';
import { searchTerms } from './terms.js';

type Viewer = UserRow | null;

export function createSearchService(deps: AppDeps) {
  const { db } = deps;
  const k = db.kysely;
  const discovery = createDiscoveryService(deps);

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
      const params = {
        genre: query.genre,
        sort: query.sort ?? 'relevance',
        offset: offsetOf(query),
        limit: query.limit,
      };
      const ids = await searchStoryIds(k, db.dialect, terms, params);
      const items = await discovery.viewsOf(ids, viewer);
      return pageOf(items, await countSearch(k, db.dialect, terms, query.genre), query);
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
