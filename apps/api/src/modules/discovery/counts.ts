import { GENRES, type Genre, RATINGS, type Rating } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { FilteredTotal } from './filters.js';
import { countAuthors, countPublicStories } from './repo.js';

/** The author directory's key among the totals (no genre is spelled so). */
const AUTHORS = '@authors';

type ListedStory = { visibility: string; genre: string; rating: string };

const keyOf = (genre: string, ratings: readonly string[]) => `${genre}|${ratings.join(',')}`;

/** Every non-empty set of ratings, each in RATINGS order: the totals a list may ask for. */
const RATING_SETS: Rating[][] = Array.from({ length: 2 ** RATINGS.length - 1 }, (_, i) =>
  RATINGS.filter((_, bit) => ((i + 1) >> bit) & 1),
);

/** Filtered totals kept at once. */
const FILTERED_MAX = 2_000;

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
  /** Filtered lists' totals (docs/decisions/031-story-filters.md), by their filters' key. */
  private readonly filteredTotals: TtlCache<FilteredTotal>;

  constructor(
    private readonly db: Db,
    now: () => number = Date.now,
  ) {
    // One total per set of ratings per genre and overall, and the author directory's.
    const entries = (GENRES.length + 1) * RATING_SETS.length + 1;
    this.totals = new TtlCache({ ttlMs: COUNT_TTL_MS, maxEntries: entries, now });
    this.filteredTotals = new TtlCache({ ttlMs: COUNT_TTL_MS, maxEntries: FILTERED_MAX, now });
  }

  /**
   * A filtered list's total (everything but the reader's mutes), counted or estimated at most
   * once a minute per `key` (genre, ratings and filters); the least recently counted of
   * FILTERED_MAX go first.
   * A story of this node's own that enters or leaves the public lists forgets them all; tag,
   * status, language and word count changes show within COUNT_TTL_MS.
   */
  filtered(key: string, count: () => Promise<FilteredTotal>): Promise<FilteredTotal> {
    return this.filteredTotals.get(key, count);
  }

  /**
   * Public stories of `genre` (or all) rated any of `ratings`, in RATINGS order
   * (docs/decisions/023-ratings.md). Every rating, or General and Teen (what visitors see), is
   * counted from a partial index alone; a narrower set reads the rows of its index's entries.
   */
  get(genre: Genre | undefined, ratings: readonly Rating[] = RATINGS): Promise<number> {
    return this.totals.get(keyOf(genre ?? '*', ratings), () =>
      countPublicStories(this.db.kysely, genre, ratings),
    );
  }

  /**
   * Users with a public story: the author directory's total (`GET /authors`), counted the same
   * way and as often (~6 ms over 125,000 users). A new author shows in it within COUNT_TTL_MS.
   */
  authors(): Promise<number> {
    return this.totals.get(AUTHORS, () => countAuthors(this.db.kysely));
  }

  /** A public story of `genre` and `rating` appeared (+1) or went away (−1), committed on this node. */
  adjust(genre: string, rating: string, delta: number): void {
    for (const key of [genre, '*'])
      for (const ratings of RATING_SETS.filter((set) => set.includes(rating as Rating)))
        this.totals.update(keyOf(key, ratings), (value) => Math.max(0, value + delta));
  }

  /**
   * What a story write did to the public lists: called after commit with the story before and
   * after (undefined when it did not exist).
   */
  storyChanged(before: ListedStory | undefined, after: ListedStory | undefined): void {
    const wasPublic = before?.visibility === 'public';
    const isPublic = after?.visibility === 'public';
    const moved = before?.genre !== after?.genre || before?.rating !== after?.rating;
    if (wasPublic !== isPublic || (isPublic && moved)) this.filteredTotals.clear();
    if (wasPublic && (!isPublic || moved)) this.adjust(before.genre, before.rating, -1);
    if (isPublic && (!wasPublic || moved)) this.adjust(after.genre, after.rating, 1);
  }
}
