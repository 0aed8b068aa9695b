import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';
import { buildIndex } from '../index-builds.js';

/**
 * Indexes for columns 009 and 011 added, on tables of millions (issue 21).
 *
 * The all-ages lists' indexes (docs/decisions/023-ratings.md), for the ratings 009 added. The lists visitors and opted-out readers see (General and Teen only) get partial
 * indexes of their own, one per list order as in 001, so their pages and totals read only index
 * entries, as the public lists do. No index leads with the rating: SQLite, without statistics,
 * would pick it for every list and sort. Each ends in the rating: SQLite tests a list's
 * `rating in (...)` against the entry itself (its planner does not drop the term the index's
 * WHERE implies), so pages and totals still read only the index.
 *
 * `users_suspended_idx`: the suspensions in force, which the scheduler looks through every
 * minute for ones that ran out (docs/decisions/025-moderation.md); without it, a scan of users.
 *
 * On PostgreSQL they are built `concurrently`, outside a transaction (`transaction = false`,
 * decision 015), so a library of millions keeps taking writes to its stories while they build.
 * A build killed part-way leaves an invalid index behind: it is dropped and built again, and
 * one already built is kept, so running this again after a crash finishes the job.
 */
export const transaction = false;

const ALL_AGES = "visibility = 'public' and rating in ('general', 'teen')";

const INDEXES: [name: string, on: string, where: string][] = [
  ['stories_all_ages_latest_idx', 'stories (published_at desc, id desc, rating)', ALL_AGES],
  [
    'stories_all_ages_genre_latest_idx',
    'stories (genre, published_at desc, id desc, rating)',
    ALL_AGES,
  ],
  ['stories_all_ages_popular_idx', 'stories (popular_score desc, id desc, rating)', ALL_AGES],
  [
    'stories_all_ages_genre_popular_idx',
    'stories (genre, popular_score desc, id desc, rating)',
    ALL_AGES,
  ],
  ['stories_all_ages_trending_idx', 'stories (trending_score desc, id desc, rating)', ALL_AGES],
  [
    'stories_all_ages_genre_trending_idx',
    'stories (genre, trending_score desc, id desc, rating)',
    ALL_AGES,
  ],
  ['users_suspended_idx', 'users (suspended_until)', 'suspended_until is not null'],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [name, on, where] of INDEXES)
    await buildIndex(db, dialect, name, `on ${on} where ${where}`);
}
