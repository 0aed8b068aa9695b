import { GENRES, type Genre } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { countAuthors, countPublicStories } from './repo.js';

/** The author directory's key among the totals (no genre is spelled so). */
const AUTHORS = '@authors';

/** How long a counted total is served before it is counted again. */
export const COUNT_TTL_MS = 60_000;

/**
 * Totals of the public story lists, per genre and overall (docs/decisions/006-list-counts.md).
 * A COUNT over a million-row partial index costs ~15 ms on SQLite and ~200 ms on PostgreSQL, too
 * much for every page of every list, so each total is counted at most once a minute (concurrent
 * misses share one count) and this node's own story writes adjust the cached totals at once.
 * The app builds one (services.ts), shared by every module that shows a total.
 * Writes made elsewhere (another node, the seed, a deleted account's stories) show within
 * COUNT_TTL_MS.
 */
export class PublicStoryCounts {
  private readonly totals: TtlCache<number>;

  constructor(
    private readonly db: Db,
    now: () => number = Date.now,
  ) {
    // One total per genre, one overall and the author directory's.
    this.totals = new TtlCache({ ttlMs: COUNT_TTL_MS, maxEntries: GENRES.length + 2, now });
  }

  get(genre: Genre | undefined): Promise<number> {
    return this.totals.get(genre ?? '*', () => countPublicStories(this.db.kysely, genre));
  }

  /**
   * Users with a public story: the author directory's total (`GET /authors`), counted the same
   * way and as often (~6 ms over 125,000 users). A new author shows in it within COUNT_TTL_MS.
   */
  authors(): Promise<number> {
    return this.totals.get(AUTHORS, () => countAuthors(this.db.kysely));
  }

  /** A public story of `genre` appeared (+1) or went away (−1), committed on this node. */
  adjust(genre: string, delta: number): void {
    for (const key of [genre, '*']) this.totals.update(key, (value) => Math.max(0, value + delta));
  }

  /**
   * What a story write did to the public lists: called after commit with the story before and
   * after (undefined when it did not exist).
   */
  storyChanged(
    before: { visibility: string; genre: string } | undefined,
    after: { visibility: string; genre: string } | undefined,
  ): void {
    const wasPublic = before?.visibility === 'public';
    const isPublic = after?.visibility === 'public';
    if (wasPublic && (!isPublic || before.genre !== after?.genre)) this.adjust(before.genre, -1);
    if (isPublic && (!wasPublic || before?.genre !== after.genre)) this.adjust(after.genre, 1);
  }
}
