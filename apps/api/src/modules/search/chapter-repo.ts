import type { Rating } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { ratingCondition } from '../stories/ratings.js';
import { MAX_INDEXED_PARAGRAPHS, PARAGRAPH_BITS } from './chapter-index.js';
import { type ChapterTerms, chapterFts5Match, phrasePairs } from './chapter-terms.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * A query's matches are taken from the newest CANDIDATE_LIMIT matching paragraphs (newest
 * chapters first), then grouped by chapter and checked for who may see them. A rare phrase has
 * far fewer, so it finds everything; a common word costs what reading that many index entries
 * costs, not its millions of matches, and finds the newest chapters holding it.
 */
export const CANDIDATE_LIMIT = 1_000;

export interface ChapterMatch {
  chapter_id: string;
  story_id: string;
  author_id: string;
  paragraph: number;
}

/**
 * The tsquery: each phrase as the phrase of its word pairs (decision 039), which the GIN index
 * finds from the rarest pair; each loose word through plainto_tsquery. A pair holds letters,
 * digits and U+E000 only, so quoting it is enough.
 */
function tsquery(terms: ChapterTerms): RawBuilder<unknown> {
  const parts = [
    ...phrasePairs(terms).map(
      (pairs) => sql`${pairs.map((pair) => `'${pair}'`).join(' <-> ')}::tsquery`,
    ),
    ...terms.words.map((w) => sql`plainto_tsquery('simple', storyloom_fold(${w}))`),
  ];
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * Every chapter among the candidates that `ratings` and the published, public state allow, in
 * the order chapters were indexed (newest first), each with its first matching paragraph. What
 * a reader may open is checked here on the chapter and story rows, never in the index.
 */
export async function matchingChapters(
  db: Exec,
  dialect: DialectName,
  terms: ChapterTerms,
  ratings: readonly Rating[],
): Promise<ChapterMatch[]> {
  const rating = ratingCondition(ratings, 's.rating');
  const visible = sql`ch.published = 1 and ch.deleted_at is null and ch.hidden_at is null
    and s.visibility = 'public' and s.deleted_at is null and s.hidden_at is null
    ${rating ? sql`and ${rating}` : sql``}`;
  const query =
    dialect === 'postgres'
      ? sql<ChapterMatch>`
          with hits as materialized (
            select p.chapter_id, p.paragraph from chapter_search_paragraphs p
             where p.document @@ ${tsquery(terms)}
             order by p.chapter_id desc, p.paragraph desc
             limit ${CANDIDATE_LIMIT}),
          firsts as (select chapter_id, min(paragraph) as paragraph from hits group by chapter_id)
          select f.chapter_id::text as chapter_id, s.id::text as story_id,
                 s.author_id::text as author_id, f.paragraph
            from firsts f
            join chapters ch on ch.id = f.chapter_id
            join stories s on s.id = ch.story_id
           where ${visible}
           order by f.chapter_id desc`
      : sql<ChapterMatch>`
          with hits as (
            select rowid as r from chapter_search_fts
             where chapter_search_fts match ${chapterFts5Match(terms)}
             order by rowid desc limit ${CANDIDATE_LIMIT}),
          firsts as (
            select r >> ${sql.lit(PARAGRAPH_BITS)} as doc_id,
                   min(r & ${sql.lit(MAX_INDEXED_PARAGRAPHS - 1)}) as paragraph
              from hits group by 1)
          select cs.chapter_id, s.id as story_id, s.author_id, f.paragraph
            from firsts f
            join chapter_search cs on cs.doc_id = f.doc_id
            join chapters ch on ch.id = cs.chapter_id
            join stories s on s.id = ch.story_id
           where ${visible}
           order by f.doc_id desc`;
  const { rows } = await query.execute(db);
  return rows.map((row) => ({ ...row, paragraph: Number(row.paragraph) }));
}
