import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';
import { buildIndex, dropIndex } from '../index-builds.js';

/**
 * The list orders' indexes carry the filters' columns (issue 23,
 * docs/decisions/041-filter-columns-in-list-indexes.md). A filtered `GET /stories` walked along
 * its order (decision 031) read each entry's story row to test its rating, status, word count
 * and language: a random page a story, 4–6 µs on SQLite, so a combination that one story in a
 * few hundred passes took 20–35 ms a page at 100k stories. With those columns in the entry, the
 * test is made on the index, and a row is read only to probe a story's tags.
 *
 * Each of migration 001's six public order indexes (latest, popular, trending; of all genres and
 * by genre) and 018's status index gets a successor with the same leading columns and the
 * filter columns after them, and is then dropped: everything that read the old one reads the
 * new one, in the same order. The all-ages indexes of 017 stay as they are (the unfiltered lists
 * of visitors), as do the word range's (018).
 *
 * Outside a transaction, built `concurrently` on PostgreSQL (index-builds.ts): each successor
 * exists before its predecessor is dropped, so no list goes without its index.
 */
export const transaction = false;

const FILTERS = 'rating, completion_status, word_count, language';

export const FILTER_INDEXES: [name: string, columns: string, replaces: string][] = [
  ['stories_latest_filters_idx', `published_at desc, id desc, ${FILTERS}`, 'stories_latest_idx'],
  ['stories_popular_filters_idx', `popular_score desc, id desc, ${FILTERS}`, 'stories_popular_idx'],
  [
    'stories_trending_filters_idx',
    `trending_score desc, id desc, ${FILTERS}`,
    'stories_trending_idx',
  ],
  [
    'stories_genre_latest_filters_idx',
    `genre, published_at desc, id desc, ${FILTERS}`,
    'stories_genre_latest_idx',
  ],
  [
    'stories_genre_popular_filters_idx',
    `genre, popular_score desc, id desc, ${FILTERS}`,
    'stories_genre_popular_idx',
  ],
  [
    'stories_genre_trending_filters_idx',
    `genre, trending_score desc, id desc, ${FILTERS}`,
    'stories_genre_trending_idx',
  ],
  [
    'stories_status_latest_filters_idx',
    'completion_status, published_at desc, id desc, rating, word_count, language',
    'stories_status_latest_idx',
  ],
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const [name, columns, replaces] of FILTER_INDEXES) {
    await buildIndex(db, dialect, name, `on stories (${columns}) where visibility = 'public'`);
    await dropIndex(db, dialect, replaces);
  }
}
