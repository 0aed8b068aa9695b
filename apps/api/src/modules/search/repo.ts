import { type Genre, RATINGS, type Rating, type SearchSort } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { firstWalkStep, roughly } from '../../lib/pagination.js';
import { notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';
import { fts5Match, fts5Phrases, fts5ScopedMatch, type SearchTerms } from './terms.js';

type Exec = Kysely<Database> | Transaction<Database>;

export interface SearchParams {
  genre?: Genre;
  /** The ratings the viewer's list shows (modules/stories/ratings.ts). */
  ratings: readonly Rating[];
  /** A reader with mutes: their muted authors' stories are left out. */
  mutedBy?: string;
  sort: SearchSort;
  offset: number;
  limit: number;
}

/**
 * Relevance weights: title 10, description 1, tags 4, author 4 (bm25 column order); the genre
 * and rating tokens of `scope` (decision 043) weigh nothing.
 */
const BM25 = sql`bm25(story_search_fts, 10.0, 1.0, 4.0, 4.0, 0.0)`;

/**
 * Where a broad query's words are found, and what each place weighs (decision 048): the title
 * 10, the tags or the author's name 4; the description, where a word is when it is in neither,
 * nothing.
 */
const PLACES = [
  ['title', 10],
  ['tags author', 4],
] as const;

/**
 * How SQLite scores the matches of a search (lower is better, as bm25 gives it):
 * - a narrow query (at most RANK_LIMIT matches the viewer may see, `broad` false): bm25, whose
 *   weight for each word comes from counting the documents holding it, cheap for so few;
 * - a broad one: the weights of the places (PLACES) each word is found in. bm25 would count
 *   every document of each word first: 15 ms for `the` at a million stories, where this costs
 *   0.7 (decision 048).
 * `bound`, when only the newest matches are ranked (always a broad query), is the statement that
 * finds the least rowid among them; the places are then looked for among those alone. On the
 * last pages of a broad query every match is ranked, by place still, so no page changes order.
 * `with` goes before the statement, `score` in its columns, `where` in its conditions on
 * story_search_fts (unaliased).
 */
function sqliteScored(terms: SearchTerms, broad: boolean, bound: RawBuilder<unknown> | null) {
  const newest = {
    // Materialized, so the least rowid is found once for every place looked in.
    with: bound === null ? sql`` : sql`with bound(m) as materialized (${bound})`,
    within: bound === null ? sql`` : sql`and rowid >= (select m from bound)`,
    where: bound === null ? sql`` : sql`and story_search_fts.rowid >= (select m from bound)`,
  };
  if (!broad) return { with: newest.with, score: BM25, where: newest.where };
  const found = fts5Phrases(terms).flatMap((phrase) =>
    PLACES.map(
      ([columns, weight]) =>
        sql`case when story_search_fts.rowid in (
                  select rowid from story_search_fts
                   where story_search_fts match ${`{${columns}} : ${phrase}`} ${newest.within})
             then ${sql.lit(weight)} else 0 end`,
    ),
  );
  return { with: newest.with, score: sql`-(${sql.join(found, sql` + `)})`, where: newest.where };
}

/**
 * The tsquery of `terms`: each word through plainto_tsquery (which treats any text as words),
 * accents folded like the documents; the last word as a prefix. One expression of the query's
 * parameters, never a subquery or a CTE's column: PostgreSQL then evaluates it while planning
 * and estimates the matches from the documents' statistics. Behind a subquery it assumed a few
 * hundred matches for any word, and gathered all 80,994 of `the` at 100k stories to keep the
 * newest 1,000 (150 ms) instead of walking the newest documents (1 ms).
 */
function tsquery({ words, prefixLast }: SearchTerms): RawBuilder<unknown> {
  const parts = words.map((word, i) => {
    const plain = sql`plainto_tsquery('simple', storyloom_fold(${word}))`;
    if (!(prefixLast && i === words.length - 1)) return plain;
    return sql`(case when numnode(${plain}) = 0 then ${plain} else (${plain}::text || ':*')::tsquery end)`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** The list orders applied to the matches; each ends in id so pages never overlap. */
const LIST_ORDER = {
  latest: sql`s.published_at desc, s.id desc`,
  popular: sql`s.popular_score desc, s.id desc`,
  trending: sql`s.trending_score desc, s.id desc`,
} as const;

/**
 * Ranking or ordering every match costs time in proportion to the matches: nothing for a few
 * hundred, seconds for a word found in most of a million documents. So above RANK_LIMIT matches
 * the viewer may see:
 * - relevance ranks only about the newest RANK_LIMIT of them (or as many as the page reaches),
 *   so a broad query costs what a narrow one does and still ranks recent work (on SQLite the
 *   newest RANK_LIMIT / share matches, of which the viewer's are kept: rankedWalk; scored by
 *   where their words are, sqliteScored);
 * - on SQLite, a list order walks its own story index and keeps the stories that match, when
 *   that is expected to visit fewer rows than there are matches (PostgreSQL's planner makes the
 *   same choice itself, from its statistics of the documents).
 */
export const RANK_LIMIT = 1_000;
/** A walk checks each visited story against the index: about this many times a match's cost. */
const WALK_COST = 4;

export interface SearchScale {
  /**
   * Public documents matching the words: on PostgreSQL before the viewer's genre, ratings and
   * mutes; on SQLite, those of the ranked match (the genre, and ratings without General:
   * sqliteSearch).
   */
  matches: number;
  /** Of those, the ones the viewer's search keeps (SearchTotal.total; it may be estimated). */
  total: number;
  /** Public stories in the searched genre (or all): what a list-order walk passes over. */
  documents: number;
}

/**
 * What a search keeps of the stories its words match, beyond their being public: the ratings the
 * viewer's lists show, and for a muter, none by the authors they muted (`s` is the stories row;
 * null when nothing is left out, so the common search keeps its index-only plans).
 */
function storyScope(ratings: readonly Rating[], mutedBy: string | undefined) {
  const parts = [
    ratingCondition(ratings, 's.rating'),
    mutedBy ? notMutedBy(mutedBy, 's.author_id') : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? null : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/**
 * All a search keeps of its matches: the genre on the document (`d`) and storyScope on the
 * story (`s`, joined only when `joinsStories`); `kept` is null when nothing is left out.
 */
function searchScope(
  genre: Genre | undefined,
  ratings: readonly Rating[],
  mutedBy: string | undefined,
): { kept: RawBuilder<boolean> | null; joinsStories: boolean } {
  const onStory = storyScope(ratings, mutedBy);
  const parts = [genre ? sql<boolean>`d.genre = ${genre}` : null, onStory].filter(
    (part) => part !== null,
  );
  return {
    kept: parts.length === 0 ? null : sql<boolean>`${sql.join(parts, sql` and `)}`,
    joinsStories: onStory !== null,
  };
}

/**
 * SQLite's MATCH expressions and what is left to check on the rows after them (decision 043).
 * The genre and ratings are tokens in the full-text index.
 * - `match`, what ranks, holds the genre, and the ratings only when they leave out General:
 *   then few stories match, and the index finds them. Leaving out the rarer ratings (a visitor
 *   leaves out Mature and Explicit) costs more in the ranked match than checking the best
 *   matches' story rows (`scope`, with a muter's mutes).
 * - `counted`, what the total counts, holds the genre and the ratings, whichever they are: a
 *   count reads the index alone, and costs less than checking the newest matches' stories.
 *   Only mutes (`mutes`) are left to the rows.
 */
function sqliteSearch(
  terms: SearchTerms,
  { genre, ratings, mutedBy }: Pick<SearchParams, 'genre' | 'ratings' | 'mutedBy'>,
) {
  const ratingsInMatch = !ratings.includes('general');
  return {
    match: fts5ScopedMatch(terms, { genre, ratings: ratingsInMatch ? ratings : undefined }),
    scope: searchScope(undefined, ratingsInMatch ? RATINGS : ratings, mutedBy),
    counted: fts5ScopedMatch(terms, { genre, ratings }),
    mutes: searchScope(undefined, RATINGS, mutedBy),
  };
}

/**
 * Matching public stories' ids for one page. Only public stories have search documents (the
 * triggers of migration 002) and the document carries the genre, so relevance ranks in the
 * search index; the list orders join the stories for their columns.
 */
export async function searchStoryIds(
  db: Exec,
  dialect: DialectName,
  terms: SearchTerms,
  params: SearchParams,
  scale: SearchScale,
  rankLimit = RANK_LIMIT,
): Promise<string[]> {
  const genre = params.genre ? sql`and d.genre = ${params.genre}` : sql``;
  // PostgreSQL's documents carry neither rating nor author: a scope that leaves some out is
  // checked on the stories (SQLite's paths below take theirs from sqliteSearch).
  const rating = storyScope(params.ratings, params.mutedBy);
  const rated = rating ? sql`and ${rating}` : sql``;
  const ratedJoin = rating ? sql`join stories s on s.id = d.story_id` : sql``;
  const page = sql`limit ${params.limit} offset ${params.offset}`;
  const reach = params.offset + params.limit;
  const newest = Math.max(rankLimit, reach);
  const capped = scale.total > newest;
  // SQLite ranks a broad query by the places of its words (sqliteScored).
  const broad = scale.total > rankLimit;
  let query: RawBuilder<{ id: string }>;
  if (dialect === 'postgres') {
    const tsq = tsquery(terms);
    if (params.sort !== 'relevance') {
      query = sql`select s.id
                    from story_search d
                    join stories s on s.id = d.story_id
                   where d.document @@ ${tsq} and s.visibility = 'public' ${genre} ${rated}
                   order by ${LIST_ORDER[params.sort]} ${page}`;
    } else if (rating === null || scale.total >= scale.matches * WALK_MIN_SHARE) {
      // Ranked among the documents of the genre, the best then looked up (decision 045).
      const scope = searchScope(undefined, params.ratings, params.mutedBy);
      return rankedWalk(db, postgresRanking(tsq, genre), scope, params, scale, newest);
    } else {
      // Mutes that leave out most matches: the candidates are the newest the viewer may see.
      const candidates = sql`select d.story_id, d.document from story_search d ${ratedJoin}
                              where d.document @@ ${tsq} ${genre} ${rated}
                              ${capped ? sql`order by d.story_id desc limit ${newest}` : sql``}`;
      query = sql`with c as materialized (${candidates})
                  select c.story_id as id, ts_rank(c.document, ${tsq}) as score
                    from c
                   order by score desc, c.story_id desc ${page}`;
    }
  } else {
    const match = fts5Match(terms);
    if (params.sort === 'relevance') {
      const scoped = sqliteSearch(terms, params);
      const kept = scoped.scope.kept;
      if (kept === null || scale.total >= scale.matches * WALK_MIN_SHARE) {
        return rankedWalk(
          db,
          sqliteRanking(terms, scoped.match, broad),
          scoped.scope,
          params,
          scale,
          newest,
        );
      }
      // Mutes that leave out most matches: each match is looked up, in one statement.
      const stories = sql`join story_search d on d.doc_id = story_search_fts.rowid
                          join stories s on s.id = d.story_id`;
      const scored = sqliteScored(
        terms,
        broad,
        capped
          ? sql`select min(doc_id) from (
                  select d.doc_id from story_search_fts ${stories}
                   where story_search_fts match ${scoped.match} and ${kept}
                   order by story_search_fts.rowid desc limit ${newest})`
          : null,
      );
      query = sql`${scored.with}
                  select d.story_id as id, ${scored.score} as score
                    from story_search_fts ${stories}
                   where story_search_fts match ${scoped.match} and ${kept} ${scored.where}
                   order by score, story_search_fts.rowid desc ${page}`;
    } else if (WALK_COST * reach * scale.documents < scale.total * scale.total) {
      const storyGenre = params.genre ? sql`and s.genre = ${params.genre}` : sql``;
      query = sql`select s.id
                    from stories s
                   where s.visibility = 'public' ${storyGenre} ${rated}
                     and exists (
                       select 1 from story_search d
                         join story_search_fts on story_search_fts.rowid = d.doc_id
                        where d.story_id = s.id and story_search_fts match ${match})
                   order by ${LIST_ORDER[params.sort]} ${page}`;
    } else {
      query = sql`select s.id
                    from story_search_fts
                    join story_search d on d.doc_id = story_search_fts.rowid
                    join stories s on s.id = d.story_id
                   where story_search_fts match ${match} and s.visibility = 'public' ${genre} ${rated}
                   order by ${LIST_ORDER[params.sort]} ${page}`;
    }
  }
  const { rows } = await query.execute(db);
  return rows.map((row) => row.id);
}

/**
 * A ranked walk looks up its steps' best matches one by one, about 3 µs each (SQLite, 100k
 * stories), and ranks its window again at each step. When the viewer's scope keeps less than
 * this share of the matches (a reader who muted the authors of most of them), reading every
 * match's story once in one statement costs less.
 */
const WALK_MIN_SHARE = 1 / 8;

/**
 * How a database ranks the documents its match holds: `best(ranked, rows)` gives their story
 * ids (`id`) best first, in the order `order` names, each with its score and a tie-breaker
 * (newest first); only the newest `ranked` of them when it is set.
 */
interface Ranking {
  best: (ranked: number | null, rows: RawBuilder<unknown>) => RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

/**
 * SQLite: scored inside the full-text index (decision 042; sqliteScored): the matches of
 * `match`, which holds the words of `terms` and may hold the genre and ratings.
 */
function sqliteRanking(terms: SearchTerms, match: string, broad: boolean): Ranking {
  return {
    best: (ranked, rows) => {
      const scored = sqliteScored(
        terms,
        broad,
        ranked === null
          ? null
          : sql`select min(rowid) from (
                  select rowid from story_search_fts
                   where story_search_fts match ${match}
                   order by rowid desc limit ${ranked})`,
      );
      return sql`${scored.with}
                 select d.story_id as id, f.score, f.rowid as tie
                   from (select rowid, ${scored.score} as score from story_search_fts
                          where story_search_fts match ${match} ${scored.where}
                          order by score, rowid desc ${rows}) f
                   join story_search d on d.doc_id = f.rowid`;
    },
    order: sql`r.score, r.tie desc`,
  };
}

/**
 * PostgreSQL: ts_rank of the matching documents (of the genre, `genre`: on the document row),
 * or of the newest of them; story ids are time-ordered UUIDv7, so the newest are the highest.
 * The tsquery is one expression in both places (see tsquery).
 */
function postgresRanking(tsq: RawBuilder<unknown>, genre: RawBuilder<unknown>): Ranking {
  return {
    best: (ranked, rows) => sql`
      select c.story_id as id, ts_rank(c.document, ${tsq}) as score, c.story_id as tie
        from (select d.story_id, d.document from story_search d
               where d.document @@ ${tsq} ${genre}
               ${ranked === null ? sql`` : sql`order by d.story_id desc limit ${ranked}`}) c
       order by score desc, c.story_id desc ${rows}`,
    order: sql`r.score desc, r.tie desc`,
  };
}

/**
 * Relevance ranked among the documents alone, and only the best looked up (decision 042 for
 * SQLite, 045 for PostgreSQL). Without a scope beyond the ranking's match that is the page's
 * own rows. With one (`kept`: ratings and mutes, on `s`), the best are looked up in steps that
 * double until the page's rows `offset`, `limit` hold enough stories the scope keeps. A match
 * then costs its rank, never a row.
 *
 * `share`, the part of the matches the scope keeps (`total / matches`), sizes the first step
 * and, above `newest` kept matches (RANK_LIMIT, or the page's reach), how many of the newest
 * matches are ranked: about `newest` of them are kept stories, as when the newest kept stories
 * were ranked. That number depends on the query and the viewer only, so the pages up to
 * RANK_LIMIT come from one ranking; if it holds fewer kept stories than the estimate
 * promised, the results end there. A page past RANK_LIMIT ranks as many as it reaches.
 */
async function rankedWalk(
  db: Exec,
  { best, order }: Ranking,
  scope: ReturnType<typeof searchScope>,
  { offset, limit }: Pick<SearchParams, 'offset' | 'limit'>,
  { matches, total }: SearchScale,
  newest: number,
): Promise<string[]> {
  const wanted = offset + limit;
  const share = matches > 0 && total > 0 ? Math.min(1, total / matches) : 1;
  const ranked = total > newest && newest / share < matches ? Math.ceil(newest / share) : null;
  if (scope.kept === null) {
    const { rows } = await sql<{ id: string }>`
      select r.id from (${best(ranked, sql`limit ${limit} offset ${offset}`)}) r
       order by ${order}`.execute(db);
    return rows.map((row) => row.id);
  }
  let take = firstWalkStep(wanted, share);
  for (;;) {
    const { rows } = await sql<{ id: string; kept: number | boolean }>`
      select r.id, ${scope.kept} as kept from (${best(ranked, sql`limit ${take}`)}) r
        ${scope.joinsStories ? sql`join stories s on s.id = r.id` : sql``}
       order by ${order}`.execute(db);
    const found = rows.filter((row) => row.kept).map((row) => row.id);
    // Enough, or every ranked match looked up: the page is what the ranking holds.
    if (found.length >= wanted || rows.length < take) return found.slice(offset, wanted);
    take *= 2;
  }
}

/**
 * Where a count of the index's matches may be kept (the search service keeps them as long as
 * totals, SEARCH_COUNT_TTL_MS): `key` names the match. Such a count depends on the words, the
 * genre and the ratings alone, so every reader with mutes shares it, where their totals are
 * theirs; counting `the` took 63 ms at a million stories, for each of them.
 */
export type MatchCounts = <T>(key: string, count: () => Promise<T>) => Promise<T>;
const countedEachTime: MatchCounts = (_key, count) => count();

/** PostgreSQL counts at most this many matches; past it, the planner's estimate stands in. */
export const COUNT_MAX = 10_000;

/** The documents SQLite's full-text index finds for `match`, counted in the index alone. */
async function fts5Count(db: Exec, match: string): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`
    select count(*) as total from story_search_fts
     where story_search_fts match ${match}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The public documents matching `terms` on PostgreSQL. Its GIN index cannot count without
 * visiting each match's row (37 ms for the 80,994 matches of `the` at 100k stories, where
 * SQLite's index counts them in 2 ms), so it counts up to COUNT_MAX and takes the planner's
 * estimate past that: from the statistics of the documents' words, within 0.5–4% of the counts
 * of broad words at 100k (decision 042).
 */
async function postgresMatchCount(
  db: Exec,
  terms: SearchTerms,
  countMax: number,
): Promise<{ matches: number; estimated: boolean }> {
  const matching = sql`select 1 from story_search d where d.document @@ ${tsquery(terms)}`;
  const { rows } = await sql<{ total: number | string }>`
    select count(*) as total from (${matching} limit ${countMax + 1}) m`.execute(db);
  const counted = Number(rows[0]?.total ?? 0);
  if (counted <= countMax) return { matches: counted, estimated: false };
  const planned = (await queryPlan(db, matching))['Plan Rows'];
  return { matches: roughly(Math.max(counted, planned)), estimated: true };
}

/** A node of a PostgreSQL plan, as `explain (format json)` gives it. */
export interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The plan PostgreSQL's planner makes for `query`, from its statistics: nothing runs. */
export async function queryPlan(db: Exec, query: RawBuilder<unknown>): Promise<PlanNode> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
    explain (format json) ${query}`.execute(db);
  const plan = rows[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('explain gave no plan');
  return plan;
}

/**
 * What a total is made of before any row is read: the matches (SearchTotal.matches), how many
 * of them the index finds in the viewer's scope (`found`), what is left to check on the rows
 * (`scope`; of it, `ranked` is what the ranking's match holds where the index does not) and the
 * newest matches to check it on (story_id and genre of each).
 */
interface IndexCounts {
  matches: number;
  found: number;
  estimated: boolean;
  scope: ReturnType<typeof searchScope>;
  ranked: RawBuilder<boolean> | null;
  newest: (sample: number) => RawBuilder<unknown>;
}

/**
 * PostgreSQL: the words' matches; the genre, ratings and mutes are left to the rows. The genre
 * is in what its ranking matches (postgresRanking): the matches in the genre are counted
 * with the total, from the same newest matches.
 */
async function postgresCounts(
  db: Exec,
  terms: SearchTerms,
  { genre, ratings, mutedBy }: Pick<SearchParams, 'genre' | 'ratings' | 'mutedBy'>,
  countMax: number,
  counts: MatchCounts,
): Promise<IndexCounts> {
  const { matches, estimated } = await counts(`postgres ${countMax} ${JSON.stringify(terms)}`, () =>
    postgresMatchCount(db, terms, countMax),
  );
  return {
    matches,
    found: matches,
    estimated,
    scope: searchScope(genre, ratings, mutedBy),
    ranked: genre ? sql<boolean>`d.genre = ${genre}` : null,
    newest: (sample) => sql`select d.story_id, d.genre from story_search d
                             where d.document @@ ${tsquery(terms)}
                             order by d.story_id desc limit ${sample}`,
  };
}

/**
 * SQLite: the ranked match's matches, and those of the viewer's genre and ratings counted in the
 * index too (decision 043); only mutes are left to the rows.
 */
async function sqliteCounts(
  db: Exec,
  terms: SearchTerms,
  viewer: Pick<SearchParams, 'genre' | 'ratings' | 'mutedBy'>,
  counts: MatchCounts,
): Promise<IndexCounts> {
  const search = sqliteSearch(terms, viewer);
  const count = (match: string) => counts(`sqlite ${match}`, () => fts5Count(db, match));
  const matches = await count(search.match);
  const found =
    search.counted === search.match || matches === 0 ? matches : await count(search.counted);
  return {
    matches,
    found,
    estimated: false,
    scope: search.mutes,
    ranked: null,
    newest: (sample) => sql`select d.story_id, d.genre
                             from (select rowid from story_search_fts
                                    where story_search_fts match ${search.counted}
                                    order by rowid desc limit ${sample}) f
                             join story_search d on d.doc_id = f.rowid`,
  };
}

/** How many of the newest matches a total outside the whole index is estimated from. */
export const TOTAL_SAMPLE = 1_000;

export interface SearchTotal {
  /**
   * Public documents matching the words in what the ranking's match holds (SearchScale.matches):
   * on SQLite the genre, and ratings without General (sqliteSearch); on PostgreSQL the genre,
   * estimated with the total when that is.
   */
  matches: number;
  /** What the viewer's search finds: its genre, ratings and mutes applied. */
  total: number;
  /**
   * Set when `total` was estimated (decision 042): from the newest `TOTAL_SAMPLE` matches, or
   * on PostgreSQL past `COUNT_MAX` matches from the planner's estimate of them.
   */
  estimated: boolean;
}

/**
 * A search's total (decision 042). The matching documents are counted in the full-text index
 * alone (on SQLite, also those in the viewer's genre and ratings, decision 043: `found`); when
 * the viewer's genre, ratings or mutes leave some out beyond that, the newest `sample` matches
 * are checked against them, and the total is exact if that was every match, otherwise
 * `found × kept / sample` to two significant figures. Counting through the stories of every
 * match read 727,644 rows for `the` at a million stories.
 */
export async function searchTotal(
  db: Exec,
  dialect: DialectName,
  terms: SearchTerms,
  viewer: Pick<SearchParams, 'genre' | 'ratings' | 'mutedBy'>,
  {
    sample = TOTAL_SAMPLE,
    countMax = COUNT_MAX,
    counts = countedEachTime,
  }: { sample?: number; countMax?: number; counts?: MatchCounts } = {},
): Promise<SearchTotal> {
  const { matches, found, estimated, scope, ranked, newest } =
    dialect === 'postgres'
      ? await postgresCounts(db, terms, viewer, countMax, counts)
      : await sqliteCounts(db, terms, viewer, counts);
  if (scope.kept === null || found === 0) return { matches, total: found, estimated };
  const share = (condition: RawBuilder<boolean>) =>
    sql`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const { rows: counted } = await sql<{
    checked: number | string;
    kept: number | string;
    held: number | string;
  }>`
    select count(*) as checked, ${share(scope.kept)} as kept,
           ${ranked ? share(ranked) : sql`count(*)`} as held
      from (${newest(sample)}) d
      ${scope.joinsStories ? sql`join stories s on s.id = d.story_id` : sql``}`.execute(db);
  const checked = Number(counted[0]?.checked ?? 0);
  const kept = Number(counted[0]?.kept ?? 0);
  const held = Number(counted[0]?.held ?? 0);
  // Fewer than the sample: those were every match, so the kept ones are the total.
  if (checked < sample) return { matches: ranked ? held : matches, total: kept, estimated: false };
  return {
    matches: ranked ? roughly((matches * held) / checked) : matches,
    total: roughly((found * kept) / checked),
    estimated: true,
  };
}

/**
 * Users whose username starts with `prefix` (lower-case, username characters only), in
 * username order. SQLite: a range on the lower(username) index (its BINARY order is the code
 * point order, so the range is exactly the prefix). PostgreSQL: LIKE on the text_pattern_ops
 * index of migration 002, which works under any database collation.
 */
export function usersByPrefixQuery(db: Exec, dialect: DialectName, prefix: string, limit: number) {
  const name = sql<string>`lower(username)`;
  // A suspended account is out of sight while suspended (docs/decisions/025-moderation.md).
  const query = db
    .selectFrom('users')
    .selectAll()
    .where('suspended_until', 'is', null)
    .limit(limit);
  if (dialect === 'postgres') {
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return query
      .where(sql<boolean>`lower(username) like ${pattern}`)
      .orderBy(sql`lower(username) using ~<~`);
  }
  const last = prefix.length - 1;
  const upper = prefix.slice(0, last) + String.fromCharCode(prefix.charCodeAt(last) + 1);
  return query.where(name, '>=', prefix).where(name, '<', upper).orderBy(name);
}
