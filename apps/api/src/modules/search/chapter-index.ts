import { paragraphsOfHtml, textOfHtml } from '@storyloom/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { PAIR_BYTES_MAX, pairsOfText, wordBytesOf } from './chapter-terms.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * The chapter text index (migration 020, docs/decisions/032-chapter-text-search.md): one entry
 * per paragraph of every chapter's text, written with the text itself. Who may see a chapter
 * (published, public story, rating) is never stored here: searches check it on the chapter and
 * story rows, so no change of state can leave a stale entry visible.
 *
 * SQLite: `chapter_search` maps each chapter to a document number; the contentless FTS5 table
 * `chapter_search_fts` holds its paragraphs at rowid `doc_id × 2^16 + paragraph`.
 * PostgreSQL: `chapter_search` marks an indexed chapter; `chapter_search_paragraphs` holds one
 * tsvector per paragraph, under a GIN index.
 */
export const PARAGRAPH_BITS = 16;
/**
 * What an entry holds, kept per chapter in `chapter_search.version`: 1 the paragraph's words,
 * 2 its word pairs too (migration 021, docs/decisions/039-chapter-word-pairs.md). Chapters of an
 * older version are indexed again by `indexMissingChapters`.
 */
export const INDEX_VERSION = 2;
/** Paragraphs past this many are not indexed (a 500,000-character chapter has fewer). */
export const MAX_INDEXED_PARAGRAPHS = 2 ** PARAGRAPH_BITS;

/** The visible text of each paragraph (decision 021's numbering), whitespace collapsed. */
export function paragraphTexts(html: string): string[] {
  return paragraphsOfHtml(html)
    .slice(0, MAX_INDEXED_PARAGRAPHS)
    .map((paragraph) => textOfHtml(paragraph).replace(/\s+/g, ' ').trim());
}

/** SQLite: what a paragraph's FTS5 row holds: its text, then its word pairs in order. */
const ftsTextOf = (text: string) => [text, ...pairsOfText(text)].join(' ');

/**
 * PostgreSQL: a paragraph's word pairs as a tsvector's text, each at its place (`'a‸b':1
 * 'b‸c':2`), so a phrase of pairs is a phrase query; pairs hold no quote or backslash. They
 * leave room for the words under PostgreSQL's 1 MB.
 */
const pairVectorOf = (text: string) =>
  pairsOfText(text, Math.min(PAIR_BYTES_MAX, TSVECTOR_BUDGET - wordBytesOf(text)))
    .slice(0, TSVECTOR_POSITIONS)
    .map((pair, i) => `'${pair}':${i + 1}`)
    .join(' ');

/**
 * A tsvector's positions stop at 16,383 (later ones are all 16,383), so the pairs come first in
 * a paragraph's tsvector, each at its own place, and the words after them: a phrase needs its
 * pairs' places, a loose word none.
 */
const TSVECTOR_POSITIONS = 16_383;

/** Bytes a paragraph's tsvector is kept under: PostgreSQL refuses one over 1 MB. */
const TSVECTOR_BUDGET = 900_000;

export interface IndexedChapter {
  id: string;
  content: string;
}

/**
 * SQLite: the FTS5 rows of a chapter's paragraphs are one rowid range, but FTS5 answers a rowid
 * range without MATCH by reading every row of a contentless table (15 ms at 30,000 chapters, in
 * proportion beyond). The range is read instead from its `docsize` shadow table (one row per
 * FTS5 row, keyed by rowid) and each row deleted by its rowid: 0.1–0.5 ms. `docId` is an SQL
 * expression: the delete trigger's `old.doc_id` (migration 021), or a document number.
 */
export const deleteEntriesSql = (docId: string) => `
  delete from chapter_search_fts where rowid in (
    select id from chapter_search_fts_docsize
     where id >= ${docId} * ${MAX_INDEXED_PARAGRAPHS} and id < (${docId} + 1) * ${MAX_INDEXED_PARAGRAPHS})`;

const deleteEntriesOf = (db: Exec, docId: number) =>
  sql.raw(deleteEntriesSql(String(Math.trunc(docId)))).execute(db);

/** Rows per insert statement: well under SQLite's 32,766 variables and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;

/**
 * (Re)writes the index entries of `chapters` from their text, in the caller's transaction: the
 * save that changes the text changes its entries with it.
 */
export async function indexChapters(
  db: Exec,
  dialect: DialectName,
  chapters: readonly IndexedChapter[],
): Promise<void> {
  if (chapters.length === 0) return;
  const ids = chapters.map((chapter) => chapter.id);
  if (dialect === 'postgres') {
    await sql`delete from chapter_search where chapter_id = any(${ids}::uuid[])`.execute(db);
    await sql`insert into chapter_search (chapter_id, version)
              select unnest(${ids}::uuid[]), ${INDEX_VERSION}`.execute(db);
    const rows = chapters.flatMap((chapter) =>
      paragraphTexts(chapter.content).map((text, paragraph) => ({
        id: chapter.id,
        paragraph,
        text,
      })),
    );
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const batch = rows.slice(i, i + ROWS_PER_INSERT);
      await sql`
        insert into chapter_search_paragraphs (chapter_id, paragraph, document)
        select t.chapter_id, t.paragraph,
               -- A tsvector holds at most 1 MB. pairVectorOf leaves room for the words; should
               -- its estimate fall short, the paragraph keeps its words without its pairs.
               case when pg_column_size(v.words) + pg_column_size(v.pairs) < 1000000
                    then v.pairs || v.words else v.words end
          from unnest(${batch.map((r) => r.id)}::uuid[], ${batch.map((r) => r.paragraph)}::int[],
                      ${batch.map((r) => r.text)}::text[], ${batch.map((r) => pairVectorOf(r.text))}::text[])
               as t(chapter_id, paragraph, body, pairs)
         cross join lateral (select to_tsvector('simple', storyloom_fold(t.body)) as words,
                                    t.pairs::tsvector as pairs) v`.execute(db);
    }
    return;
  }
  // SQLite: a chapter keeps its document number, so results stay in the order chapters were
  // first indexed; its old paragraphs go first (the FTS table keeps no text to compare).
  for (const chapter of chapters) {
    const added = await sql<{ doc_id: number }>`
      insert into chapter_search (chapter_id, version) values (${chapter.id}, ${INDEX_VERSION})
      on conflict (chapter_id) do nothing
      returning doc_id`.execute(db);
    let docId = added.rows[0]?.doc_id;
    if (docId === undefined) {
      const row = await db
        .selectFrom('chapter_search')
        .select('doc_id')
        .where('chapter_id', '=', chapter.id)
        .executeTakeFirstOrThrow();
      docId = row.doc_id;
      await deleteEntriesOf(db, docId);
      await sql`update chapter_search set version = ${INDEX_VERSION}
                 where doc_id = ${docId} and version <> ${INDEX_VERSION}`.execute(db);
    }
    const first = docId * MAX_INDEXED_PARAGRAPHS;
    const texts = paragraphTexts(chapter.content);
    for (let i = 0; i < texts.length; i += ROWS_PER_INSERT) {
      const values = texts
        .slice(i, i + ROWS_PER_INSERT)
        .map((text, j) => sql`(${first + i + j}, ${ftsTextOf(text)})`);
      await sql`insert into chapter_search_fts (rowid, text) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
}

/** Chapters whose text one batch of `indexMissingChapters` reads. */
const BACKFILL_BATCH = 200;

/**
 * Indexes every chapter that has no entry yet or one of an older INDEX_VERSION, a batch at a
 * time in chapter id order, each batch in its own transaction when `db` is not one: what
 * migration 021 runs for the chapters written before it, and the seed after its bulk load. Run
 * again, it carries on where it stopped. `onBatch` hears how many chapters each batch indexed.
 */
export async function indexMissingChapters(
  db: Exec,
  dialect: DialectName,
  onBatch?: (indexed: number) => void,
): Promise<number> {
  let after = '';
  let total = 0;
  for (;;) {
    const chapters = await db
      .selectFrom('chapters as c')
      .select(['c.id', 'c.content'])
      .where('c.id', '>', after || '00000000-0000-0000-0000-000000000000')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chapter_search as cs')
              .select('cs.chapter_id')
              .whereRef('cs.chapter_id', '=', 'c.id')
              .where('cs.version', '>=', INDEX_VERSION),
          ),
        ),
      )
      .orderBy('c.id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (chapters.length > 0) {
      const write = (trx: Exec) => indexChapters(trx, dialect, chapters);
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
      const before = total;
      total += chapters.length;
      onBatch?.(chapters.length);
      // PostgreSQL checks each paragraph's foreign key with a plan its connection keeps, made
      // when chapter_search was empty: a sequential scan, which a table of 90,000 chapters made
      // 50 times slower than its index (measured on a 1M seed: 50 chapters/s against 2,500).
      // Fresh statistics each time the table doubles make it plan again.
      if (
        dialect === 'postgres' &&
        Math.floor(Math.log2(total)) > Math.floor(Math.log2(before || 1))
      )
        await sql`analyze chapter_search`.execute(db);
    }
    if (chapters.length < BACKFILL_BATCH) return total;
    after = chapters[chapters.length - 1]!.id;
  }
}

/**
 * After a bulk load of the index. SQLite: merges the FTS5 index into one segment (as story
 * search does). PostgreSQL: fresh statistics for the paragraphs. Without them the planner
 * thought two common words matched a few hundred paragraphs and read all of their matches
 * (236,207 for "she had" at 100k stories: 1.4 s) instead of walking the primary key backwards
 * to the newest 1,000 (6 ms).
 */
export async function optimizeChapterIndex(db: Exec, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite')
    await sql`insert into chapter_search_fts (chapter_search_fts) values ('optimize')`.execute(db);
  else await sql`analyze chapter_search, chapter_search_paragraphs`.execute(db);
}

/**
 * A bulk build: every chapter not yet indexed, then the index optimized for its new size (what
 * the seed runs after its load). Answers how many chapters it indexed.
 */
export async function buildChapterIndex(
  db: Exec,
  dialect: DialectName,
  onBatch?: (indexed: number) => void,
): Promise<number> {
  const indexed = await indexMissingChapters(db, dialect, onBatch);
  await optimizeChapterIndex(db, dialect);
  return indexed;
}
