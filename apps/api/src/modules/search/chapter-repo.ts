import type { Rating } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { firstWalkStep, roughly } from '../../lib/pagination.js';
import { notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';
import { MAX_INDEXED_PARAGRAPHS, PARAGRAPH_BITS } from './chapter-index.js';
import { type ChapterTerms, chapterFts5Match, phrasePairs } from './chapter-terms.js';
import { type PlanNode, queryPlan } from './repo.js';

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
 * PostgreSQL's newest matching paragraphs come either from the GIN index (every match read,
 * then sorted) or from walking the paragraphs newest first and testing each (decision 046). Its
 * planner picks by the matches it expects, and for words that go together ("could hear") it
 * expects far too few: it multiplies the words' shares as if they were independent (9,817 for
 * 45,431 at 100k stories), reads all of them and sorts them, 80–250 ms. So where a query of
 * two terms or more would read the index for at least `walkPlannedMin` matches (by the plan
 * `explain` gives, nothing read), the newest `walkProbe` paragraphs are walked
 * first; if they hold a share of matches that would fill CANDIDATE_LIMIT within `walkRows`, the
 * walk goes on that far. Either walk that fills the limit has found the newest matches;
 * otherwise the planner's own plan runs. What a walk costs when it falls short is bounded by
 * `walkRows`. Where the planner walks itself (a common word), its plan runs at once.
 */
export interface CandidateLimits {
  /** CANDIDATE_LIMIT. */
  candidates: number;
  walkPlannedMin: number;
  walkProbe: number;
  walkRows: number;
}

export const CANDIDATES: CandidateLimits = {
  candidates: CANDIDATE_LIMIT,
  walkPlannedMin: 1_000,
  walkProbe: 2_500,
  walkRows: 25_000,
};

/**
 * The chapters among the newest `candidates` paragraphs matching `tsq` (PostgreSQL), newest
 * first, each with its first matching paragraph. `terms` is how many lexemes the query holds:
 * a single word's estimate is the planner's own statistics of it, and its plan runs at once.
 */
async function postgresCandidates(
  db: Exec,
  tsq: RawBuilder<unknown>,
  terms: number,
  { candidates, walkPlannedMin, walkProbe, walkRows }: CandidateLimits,
): Promise<Candidate[]> {
  // By the uuid, not the text the rows give it as: the primary key's order.
  const newest = sql`order by p.chapter_id desc, p.paragraph desc`;
  const hits = sql`select p.chapter_id, p.paragraph from chapter_search_paragraphs p
                    where p.document @@ ${tsq} ${newest} limit ${candidates}`;
  /** The hits of `from` grouped by chapter, and how many hits there were. */
  const byChapter = async (from: RawBuilder<unknown>) => {
    const { rows } = await sql<Candidate & { hits: number | string }>`
      with hits as materialized (${from})
      select chapter_id::text as key, min(paragraph) as paragraph, count(*) as hits
        from hits group by chapter_id order by chapter_id desc`.execute(db);
    const found = rows.reduce((sum, row) => sum + Number(row.hits), 0);
    return { found, rows: rows.map(({ key, paragraph }) => ({ key, paragraph })) };
  };
  const walk = (rows: number) =>
    byChapter(sql`select p.chapter_id, p.paragraph
                    from (select p.chapter_id, p.paragraph, p.document
                            from chapter_search_paragraphs p ${newest} limit ${rows}) p
                   where p.document @@ ${tsq} ${newest} limit ${candidates}`);
  if (terms > 1 && indexReadFor(await queryPlan(db, hits)) >= walkPlannedMin) {
    const probed = await walk(walkProbe);
    if (probed.found === candidates) return probed.rows;
    if ((probed.found * walkRows) / walkProbe >= candidates) {
      const walked = await walk(walkRows);
      if (walked.found === candidates) return walked.rows;
    }
  }
  return (await byChapter(hits)).rows;
}

/** The matches a plan reads from a bitmap of the index before sorting them; 0 if it walks. */
function indexReadFor(plan: PlanNode): number {
  if (plan['Node Type'] === 'Bitmap Heap Scan') return plan['Plan Rows'];
  return Math.max(0, ...(plan.Plans ?? []).map(indexReadFor));
}

/**
 * The chapters among the newest CANDIDATE_LIMIT matching paragraphs, newest first, each with
 * its first matching paragraph: from the index alone, before anyone's right to read them.
 */
async function candidatesOf(
  db: Exec,
  dialect: DialectName,
  terms: ChapterTerms,
  limits: CandidateLimits,
): Promise<Candidate[]> {
  if (dialect === 'postgres') {
    const lexemes = phrasePairs(terms).flat().length + terms.words.length;
    return postgresCandidates(db, tsquery(terms), lexemes, limits);
  }
  const { rows } = await sql<Candidate>`
    with hits as (
      select rowid as r from chapter_search_fts
       where chapter_search_fts match ${chapterFts5Match(terms)}
       order by rowid desc limit ${limits.candidates})
    select r >> ${sql.lit(PARAGRAPH_BITS)} as key,
           min(r & ${sql.lit(MAX_INDEXED_PARAGRAPHS - 1)}) as paragraph
      from hits group by 1 order by 1 desc`.execute(db);
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
  limits = CANDIDATES,
): Promise<ChapterMatches> {
  const candidates = await candidatesOf(db, dialect, terms, limits);
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
