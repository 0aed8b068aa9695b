import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Every prefix of 2 to 10 characters in SQLite's search index (issue 18,
 * docs/decisions/049-search-prefixes-up-to-ten.md). A search's last word is also a prefix
 * ('drag' finds 'dragon', decision 007). FTS5 answers a prefix from an index of its own when
 * the table has one of that length, which until now meant two or three characters; a longer
 * one it answers by merging the entries of every word that starts so, all of them, before
 * the first match: 7.5 ms for `last*` at a million stories on each statement that asks, and a
 * ranked search asks three or four times. With an index for each length up to ten it takes
 * 0.1 ms. The index grows from 327 to 605 MB at a million stories.
 *
 * FTS5 fixes its prefix indexes when the table is made, so the table is made again and built
 * from the documents (story_search, unchanged), in one transaction: 36 s at a million
 * stories. Migration 023's triggers write it by name, and stay. PostgreSQL is unchanged.
 */
export const SEARCH_PREFIX_LENGTHS = '2 3 4 5 6 7 8 9 10';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  const statements = [
    'drop table story_search_fts',
    `create virtual table story_search_fts using fts5(
       title, description, tags, author, scope,
       content = 'story_search', content_rowid = 'doc_id',
       tokenize = 'unicode61 remove_diacritics 2', prefix = '${SEARCH_PREFIX_LENGTHS}'
     )`,
    `insert into story_search_fts (story_search_fts) values ('rebuild')`,
    `insert into story_search_fts (story_search_fts) values ('optimize')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
