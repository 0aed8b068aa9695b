import type { Rating } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { firstWalkStep, roughly } from '../../lib/pagination.js';
import { notMutedBy } from '../safety/repo.js';
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

/** A candidate chapter: its key (SQLite's doc_id, PostgreSQL's chapter id) and first paragraph. */
interface Candidate {
  key: string;
  paragraph: number;
}

/**
 * The chapters among the newest CANDIDATE_LIMIT matching paragraphs, newest first, each with
 * its first matching paragraph: from the index alone, before anyone's right to read them.
 */
async function candidatesOf(
  db: Exec,
  dialect: DialectName,
  terms: ChapterTerms,
): Promise<Candidate[]> {
  const query =
    dialect === 'postgres'
      ? sql<Candidate>`
          with hits as materialized (
            select p.chapter_id, p.paragraph from chapter_search_paragraphs p
             where p.document @@ ${tsquery(terms)}
             order by p.chapter_id desc, p.paragraph desc
             limit ${CANDIDATE_LIMIT})
          select chapter_id::text as key, min(paragraph) as paragraph
            from hits group by chapter_id order by chapter_id desc`
      : sql<Candidate>`
          with hits as (
            select rowid as r from chapter_search_fts
             where chapter_search_fts match ${chapterFts5Match(terms)}
             order by rowid desc limit ${CANDIDATE_LIMIT})
          select r >> ${sql.lit(PARAGRAPH_BITS)} as key,
                 min(r & ${sql.lit(MAX_INDEXED_PARAGRAPHS - 1)}) as paragraph
            from hits group by 1 order by 1 desc`;
  const { rows } = await query.execute(db);
  return rows.map((row) => ({ key: String(row.key), paragraph: Number(row.paragraph) }));
}

/**
 * Which of the candidates `keys` a reader of `ratings` (who mutes, when `mutedBy` is set) may
 * open: published, public, neither hidden nor deleted. Checked on the chapter and story rows,
 * never in the index.
 */
async function readableAmong(
  db: Exec,
  dialect: DialectName,
  keys: readonly string[],
  ratings: readonly Rating[],
  mutedBy: string | undefined,
): Promise<Map<string, Omit<ChapterMatch, 'paragraph'>>> {
  const rating = ratingCondition(ratings, 's.rating');
  const readable = sql`ch.published = 1 and ch.deleted_at is null and ch.hidden_at is null
    and s.visibility = 'public' and s.deleted_at is null and s.hidden_at is null
    ${rating ? sql`and ${rating}` : sql``}
    ${mutedBy ? sql`and ${notMutedBy(mutedBy, 's.author_id')}` : sql``}`;
  const query =
    dialect === 'postgres'
      ? sql<ChapterMatch & { key: string }>`
          select ch.id::text as key, ch.id::text as chapter_id, s.id::text as story_id,
                 s.author_id::text as author_id
            from chapters ch join stories s on s.id = ch.story_id
           where ch.id in (${sql.join(keys)}) and ${readable}`
      : sql<ChapterMatch & { key: number }>`
          select cs.doc_id as key, cs.chapter_id, s.id as story_id, s.author_id
            from chapter_search cs
            join chapters ch on ch.id = cs.chapter_id
            join stories s on s.id = ch.story_id
           where cs.doc_id in (${sql.join(keys.map(Number))}) and ${readable}`;
  const { rows } = await query.execute(db);
  return new Map(
    rows.map(({ key, chapter_id, story_id, author_id }) => [
      String(key),
      { chapter_id, story_id, author_id },
    ]),
  );
}

export interface ChapterMatches {
  /** The readable matches found, newest first: at least up to the end of the asked window. */
  matches: ChapterMatch[];
  total: number;
  /** Set when candidates were left unchecked, and the total estimated from those checked. */
  estimated: boolean;
}

/**
 * The readable matching chapters up to the end of the window `offset`, `limit` (decision 040):
 * candidates come from the index, newest first, and are checked for who may read them only
 * until the window is full, in steps that double. When every candidate was checked the total is
 * the readable ones; otherwise it is estimated as `candidates × readable / checked`, to two
 * significant figures, and never below what was found.
 */
export async function matchingChapters(
  db: Exec,
  dialect: DialectName,
  terms: ChapterTerms,
  reader: { ratings: readonly Rating[]; mutedBy: string | undefined },
  window: { offset: number; limit: number },
): Promise<ChapterMatches> {
  const candidates = await candidatesOf(db, dialect, terms);
  const wanted = window.offset + window.limit;
  const matches: ChapterMatch[] = [];
  let checked = 0;
  let step = firstWalkStep(wanted);
  while (checked < candidates.length && matches.length < wanted) {
    const batch = candidates.slice(checked, checked + step);
    const readable = await readableAmong(
      db,
      dialect,
      batch.map((c) => c.key),
      reader.ratings,
      reader.mutedBy,
    );
    for (const { key, paragraph } of batch) {
      const match = readable.get(key);
      if (match) matches.push({ ...match, paragraph });
    }
    checked += batch.length;
    step *= 2;
  }
  if (checked === candidates.length) {
    return { matches, total: matches.length, estimated: false };
  }
  const estimate = roughly((candidates.length * matches.length) / checked);
  return { matches, total: Math.max(estimate, matches.length), estimated: true };
}
