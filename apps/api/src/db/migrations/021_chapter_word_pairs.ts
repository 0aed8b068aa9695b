import { type Kysely, sql } from 'kysely';
import {
  deleteEntriesSql,
  indexMissingChapters,
  optimizeChapterIndex,
} from '../../modules/search/chapter-index.js';
import type { DialectName } from '../index.js';
import type { Database } from '../types.js';

/**
 * Word pairs in the chapter text index (issue 23, docs/decisions/039-chapter-word-pairs.md):
 * every paragraph is indexed again with each pair of adjacent words as one more term, so a
 * phrase is found from its rarest pair. `chapter_search.version` says what a chapter's entries
 * hold (1 before this migration, 2 with pairs; modules/search/chapter-index.ts writes the
 * current INDEX_VERSION), and the backfill indexes again every chapter below it.
 *
 * Outside a transaction (`transaction = false`, decision 015), as 020: a batch of 200 chapters
 * per committed transaction, so a library of millions holds no long transaction, and a crash
 * resumes with the chapters not yet done. The column is added only when missing; its default
 * marks every existing entry as version 1 without rewriting a row on either database. This also
 * indexes chapters that have no entry at all (those of a database upgraded across 020 and 021).
 * On SQLite the delete trigger of 020 is replaced by one that finds a chapter's rows through
 * FTS5's docsize table, as `indexChapters` now does (a rowid range read the whole index).
 */
export const transaction = false;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          select column_name as name from information_schema.columns
           where table_schema = current_schema() and table_name = 'chapter_search'`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info('chapter_search')`.execute(
          db,
        );
  if (!rows.some((row) => row.name === 'version'))
    await sql`alter table chapter_search add column version integer not null default 1`.execute(db);
  if (dialect === 'sqlite') {
    // A chapter deleted for good takes its FTS5 rows along, found through the docsize table:
    // 020's trigger named them by a rowid range, which FTS5 answers by reading every row.
    await sql`drop trigger if exists chapter_search_ad`.execute(db);
    await sql
      .raw(`create trigger chapter_search_ad after delete on chapter_search begin
              ${deleteEntriesSql('old.doc_id')};
            end`)
      .execute(db);
  }

  await indexMissingChapters(db as Kysely<Database>, dialect);
  await optimizeChapterIndex(db as Kysely<Database>, dialect);
}
