import { type Kysely, sql } from 'kysely';
import { PARAGRAPH_BITS } from '../../modules/search/chapter-index.js';
import type { DialectName } from '../index.js';
import { buildIndex } from '../index-builds.js';

/**
 * Search inside chapter text (issue 23, docs/decisions/032-chapter-text-search.md): an index of
 * every chapter's paragraphs, written by the code that saves chapter text
 * (modules/search/chapter-index.ts); migration 021 fills it for the chapters written before.
 *
 * Outside a transaction (`transaction = false`, decision 015), so that on PostgreSQL the GIN
 * index is built `concurrently`, without blocking writes. Run again after a crash, every step
 * carries on: the tables and triggers are created if missing, and an index left invalid by a
 * killed build is dropped and built again. (Until migration 021 it also indexed the chapters
 * written before it, 200 to a committed batch, before building the GIN index.)
 */
export const transaction = false;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const statements =
    dialect === 'postgres'
      ? [
          // A chapter is indexed once it has a row here (its paragraphs may be none).
          `create table if not exists chapter_search (
             chapter_id uuid primary key references chapters (id) on delete cascade
           )`,
          `create table if not exists chapter_search_paragraphs (
             chapter_id uuid not null references chapter_search (chapter_id) on delete cascade,
             paragraph integer not null,
             document tsvector not null,
             primary key (chapter_id, paragraph)
           )`,
        ]
      : [
          // doc_id numbers the chapter's FTS rows: doc_id × 2^16 + paragraph.
          `create table if not exists chapter_search (
             doc_id integer primary key,
             chapter_id text not null unique references chapters (id) on delete cascade
           )`,
          // Contentless: the text stays in chapters.content alone; the index keeps positions
          // (phrases) and nothing else of it. contentless_delete lets a save replace rows.
          `create virtual table if not exists chapter_search_fts using fts5(
             text, content = '', contentless_delete = 1,
             tokenize = 'unicode61 remove_diacritics 2'
           )`,
          // A chapter deleted for good (or its story, or its author) takes its rows along.
          `create trigger if not exists chapter_search_ad after delete on chapter_search begin
             delete from chapter_search_fts
              where rowid >= old.doc_id * ${2 ** PARAGRAPH_BITS}
                and rowid < (old.doc_id + 1) * ${2 ** PARAGRAPH_BITS};
           end`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  // The chapters written before it are indexed by migration 021, in the index's current form
  // (word pairs too): since 021 this migration creates the tables alone. A database that ran it
  // before then had them indexed here, as version 1, and 021 indexes them again.

  if (dialect === 'postgres') {
    await buildIndex(
      db,
      dialect,
      'chapter_search_paragraphs_document_idx',
      'on chapter_search_paragraphs using gin (document)',
    );
  } else {
    await sql`insert into chapter_search_fts (chapter_search_fts) values ('optimize')`.execute(db);
  }
}
