import type { Genre, Rating, StoryFilters } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { roughly } from '../../lib/pagination.js';
import { notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';
import { countMutedStories, isPublic, type ListParams, SORT_COLUMN } from './repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Filtered story lists (issue 23, docs/decisions/031-story-filters.md). A filtered page is found
 * one of three ways, whichever reads fewer entries:
 *
 * - **from a tag**: when an included tag has at most DRIVE_MAX stories, its entries in
 *   story_tags_tag_idx are the candidates (each story read by its key), checked and sorted.
 * - **from the word range**: likewise when at most DRIVE_MAX public stories fall in the range
 *   (stories_words_idx, migration 018).
 * - **along the list order**: otherwise the order's partial index is walked as for an
 *   unfiltered list, and each entry's row is checked until the page is full. A common filter
 *   fills a page within a few dozen entries.
 *
 * The narrowest candidate under DRIVE_MAX drives; each is counted only up to DRIVE_MAX + 1
 * entries, so choosing costs a bounded index range, whatever the library size.
 *
 * Excluded tags are never read as a list: each candidate is probed once on story_tags' primary
 * key `(story_id, tag_key)` (`not exists`), so an excluded tag's size costs nothing.
 */
export const DRIVE_MAX = 5_000;

/** Where a filtered page's candidates come from; undefined: along the list order. */
export type Driver = { kind: 'tag'; tag: string } | { kind: 'words' };

export interface FilteredListParams extends ListParams {
  filters: StoryFilters;
}

/**
 * The conditions a filtered list adds, on the stories columns of `alias`. On SQLite, unless the
 * word range drives, its terms are written `+word_count` (the same value, but no index's), so
 * SQLite never picks stories_words_idx for them: without statistics it would, and sort a wide
 * range. PostgreSQL plans from its statistics and gets the bare columns.
 */
export function filterConditions(
  dialect: DialectName,
  filters: StoryFilters,
  alias: string,
  driver?: Driver,
  statusIndex = false,
) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const sqlite = dialect === 'sqlite';
  const words = sqlite && driver?.kind !== 'words' ? sql`+${col('word_count')}` : col('word_count');
  // Likewise the status, but for "latest first" of all genres, which stories_status_latest_idx
  // serves in order: for any other order SQLite would pick that index and sort half the table.
  const status =
    sqlite && !statusIndex ? sql`+${col('completion_status')}` : col('completion_status');
  const out: RawBuilder<boolean>[] = [];
  if (filters.status) out.push(sql<boolean>`${status} = ${filters.status}`);
  if (filters.language) out.push(sql<boolean>`${col('language')} = ${filters.language}`);
  if (filters.words_min !== undefined) out.push(sql<boolean>`${words} >= ${filters.words_min}`);
  if (filters.words_max !== undefined) out.push(sql<boolean>`${words} <= ${filters.words_max}`);
  for (const tag of filters.tags ?? []) {
    if (driver?.kind === 'tag' && tag === driver.tag) continue;
    out.push(sql<boolean>`exists (select 1 from story_tags it
      where it.story_id = ${col('id')} and it.tag_key = ${tag})`);
  }
  const excluded = filters.exclude_tags ?? [];
  if (excluded.length > 0)
    out.push(sql<boolean>`not exists (select 1 from story_tags xt
      where xt.story_id = ${col('id')} and xt.tag_key in (${sql.join(excluded)}))`);
  return out;
}

/** Entries of a bounded count: how many, up to DRIVE_MAX + 1. */
async function boundedCount(db: Exec, rows: RawBuilder<unknown>): Promise<number> {
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from (
    ${rows} limit ${DRIVE_MAX + 1}) t`.execute(db);
  return Number(counted[0]?.n ?? 0);
}

/** The narrowest candidate to drive a filtered list, and its entries (at most DRIVE_MAX). */
export interface Narrowest {
  driver: Driver;
  entries: number;
}

/**
 * The included tag or word range with the fewest entries, if that is at most DRIVE_MAX; else
 * undefined. Each candidate is counted only that far, a bounded range of story_tags_tag_idx or
 * stories_words_idx.
 */
export async function narrowestDriver(
  db: Exec,
  filters: StoryFilters,
): Promise<Narrowest | undefined> {
  let best: Narrowest | undefined;
  const consider = (driver: Driver, entries: number) => {
    if (entries <= DRIVE_MAX && (!best || entries < best.entries)) best = { driver, entries };
  };
  if (filters.words_min !== undefined || filters.words_max !== undefined) {
    const n = await boundedCount(
      db,
      sql`select 1 from stories where visibility = 'public'
        and word_count >= ${filters.words_min ?? 0}
        and word_count <= ${filters.words_max ?? Number.MAX_SAFE_INTEGER}`,
    );
    consider({ kind: 'words' }, n);
  }
  for (const tag of filters.tags ?? []) {
    if (best?.entries === 0) break;
    const n = await boundedCount(db, sql`select 1 from story_tags where tag_key = ${tag}`);
    consider({ kind: 'tag', tag }, n);
  }
  return best;
}

/**
 * Whether the page is cheaper from the narrowest candidate than along the order. From it, each
 * of its `entries` is read and the matches sorted; along the order, a filter that one story in
 * `listed / entries` passes fills `offset + limit` after about `(offset + limit) × listed /
 * entries` entries. The candidate wins below the break-even `√((offset + limit) × listed)`,
 * doubled because the other filters make the walk longer still.
 */
export function drivesPage(
  narrowest: Narrowest | undefined,
  depth: number,
  listed: number,
): Driver | undefined {
  if (!narrowest) return undefined;
  return narrowest.entries <= 2 * Math.sqrt(depth * Math.max(listed, 1))
    ? narrowest.driver
    : undefined;
}

/** Every one of `conditions`. */
const allOf = (conditions: RawBuilder<boolean>[]) =>
  sql<boolean>`${sql.join(conditions, sql` and `)}`;

type TotalParams = Omit<FilteredListParams, 'sort' | 'offset' | 'limit'>;

/** The list before its filters: public, rated within `ratings`, the genre. */
function listedConditions(params: Pick<ListParams, 'genre' | 'ratings'>, alias: string) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<boolean>[] = [
    alias === 'stories' ? isPublic : sql<boolean>`${col('visibility')} = 'public'`,
  ];
  const rating = ratingCondition(params.ratings, `${alias}.rating`);
  if (rating) conditions.push(rating);
  if (params.genre) conditions.push(sql<boolean>`${col('genre')} = ${params.genre}`);
  return conditions;
}

/** Everything but the order: public, rated within `ratings`, the genre, the filters, the mutes. */
function listConditions(
  dialect: DialectName,
  params: TotalParams & Partial<Pick<ListParams, 'sort'>>,
  alias: string,
  driver: Driver | undefined,
) {
  const conditions = listedConditions(params, alias);
  const statusIndex = driver === undefined && params.sort === 'latest' && !params.genre;
  conditions.push(...filterConditions(dialect, params.filters, alias, driver, statusIndex));
  if (params.mutedBy) conditions.push(notMutedBy(params.mutedBy, `${alias}.author_id`));
  return conditions;
}

/**
 * A page of the ids of public stories that pass the filters, in the list's order. `driver`
 * (from drivingPlan) picks the tag or word range plan; without it the list order's index is
 * walked. On SQLite `cross join` keeps the tag's entries the outer loop, and `+column` keeps
 * the order's index out of the word range's plan; PostgreSQL plans from its statistics.
 */
export function filteredStoryIdsQuery(
  db: Exec,
  dialect: DialectName,
  params: FilteredListParams,
  driver?: Driver,
) {
  const order = SORT_COLUMN[params.sort];
  if (driver?.kind !== 'tag') {
    // From the word range, SQLite must not satisfy the order from the order's index (without
    // statistics it would, and walk it): `+column` is the same value that no index provides.
    const sortKey =
      driver?.kind === 'words' && dialect === 'sqlite'
        ? sql`+${sql.ref(`stories.${order}`)}`
        : sql.ref(`stories.${order}`);
    return db
      .selectFrom('stories')
      .select('stories.id')
      .where(allOf(listConditions(dialect, params, 'stories', driver)))
      .orderBy(sortKey, 'desc')
      .orderBy('stories.id', 'desc')
      .limit(params.limit)
      .offset(params.offset);
  }
  return db
    .selectFrom('story_tags as d')
    .crossJoin('stories')
    .select('stories.id')
    .where('d.tag_key', '=', driver.tag)
    .whereRef('stories.id', '=', 'd.story_id')
    .where(allOf(listConditions(dialect, params, 'stories', driver)))
    .orderBy(`stories.${order}`, 'desc')
    .orderBy('stories.id', 'desc')
    .limit(params.limit)
    .offset(params.offset);
}

/** How many public stories pass the filters (for the muter too, when `mutedBy` is set). */
export function countFilteredQuery(
  db: Exec,
  dialect: DialectName,
  params: TotalParams,
  driver?: Driver,
) {
  const conditions = allOf(listConditions(dialect, params, 'stories', driver));
  if (driver?.kind !== 'tag') {
    return db
      .selectFrom('stories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(conditions);
  }
  return db
    .selectFrom('story_tags as d')
    .crossJoin('stories')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('d.tag_key', '=', driver.tag)
    .whereRef('stories.id', '=', 'd.story_id')
    .where(conditions);
}

export async function countFiltered(
  db: Exec,
  dialect: DialectName,
  params: TotalParams,
  driver?: Driver,
): Promise<number> {
  const { total } = await countFilteredQuery(db, dialect, params, driver).executeTakeFirstOrThrow();
  return Number(total);
}

/** Public stories passing the filters by the people `muterId` muted (countMutedStories). */
export const countMutedFiltered = (
  db: Exec,
  dialect: DialectName,
  muterId: string,
  genre: Genre | undefined,
  ratings: readonly Rating[],
  filters: StoryFilters,
): Promise<number> =>
  countMutedStories(db, dialect, muterId, genre, ratings, filterConditions(dialect, filters, 's'));

/** A filtered list's total: counted, or estimated from a sample of the stories. */
export interface FilteredTotal {
  total: number;
  estimated: boolean;
}

/**
 * Estimating filtered totals (docs/decisions/038-estimated-filter-totals.md). Counting a
 * filtered list that no narrow tag or word range drives reads every story of the list: about
 * 4 µs a story on SQLite, seconds at a million. Past EXACT_MAX listed stories the total is
 * estimated instead from a fixed sample of the stories table, read in its own storage order.
 */
export const TOTALS = {
  /** Stories listed (before the filters) up to which a walked total is counted exactly. */
  exactMax: 20_000,
  /** Stories a sample reads. */
  sampleSize: 8_000,
  /** Listed stories a sample must hold for its share to stand; with fewer the total is counted. */
  sampleListedMin: 400,
};

/** SQLite: neighbouring rowids a sample reads together. */
const SAMPLE_RUN = 16;

/** Of a sample of the stories: how many the list holds, and how many of those pass the filters. */
export interface Sample {
  listed: number;
  passing: number;
}

/**
 * About `size` stories spread evenly over the whole table, with how many are listed and pass:
 * on SQLite runs of SAMPLE_RUN rowids at even steps (rowids are dense and follow insertion), on
 * PostgreSQL the heap pages `tablesample system` picks (seeded, so a table that did not change
 * gives the same sample), as a share of its rows as last analyzed, or of `listed` (the list's
 * own total) when that is more. Undefined when the table is empty.
 */
export async function sampleFiltered(
  db: Exec,
  dialect: DialectName,
  params: TotalParams,
  size: number,
  listed: number,
): Promise<Sample | undefined> {
  const inList = allOf(listedConditions(params, 'stories'));
  const passing = allOf(filterConditions(dialect, params.filters, 'stories'));
  const counts = sql<{ listed: number | string; passing: number | string | null }>`
    count(*) as listed, sum(case when ${passing} then 1 else 0 end) as passing`;
  let rows: { listed: number | string; passing: number | string | null }[];
  if (dialect === 'sqlite') {
    const { rows: top } = await sql<{
      n: number | null;
    }>`select max(rowid) as n from stories`.execute(db);
    const last = Number(top[0]?.n ?? 0);
    if (last === 0) return undefined;
    // Runs of SAMPLE_RUN neighbouring rowids, spread evenly: neighbours share pages, which
    // made 8,000 rows cost 8 ms at 100k stories instead of 60 ms one row to a page.
    const run = Math.min(SAMPLE_RUN, size);
    const runs = Math.max(1, Math.floor(size / run));
    const step = Math.max(run, Math.floor(last / runs));
    ({ rows } = await sql<{ listed: number | string; passing: number | string | null }>`
      with recursive
        runs(x) as (select 0 union all select x + 1 from runs where x + 1 < ${runs}),
        offsets(y) as (select 0 union all select y + 1 from offsets where y + 1 < ${run})
      select ${counts} from runs cross join offsets
        cross join stories on stories.rowid = runs.x * ${step} + offsets.y + 1
      where ${inList}`.execute(db));
  } else {
    const { rows: stats } = await sql<{ n: number }>`
      select reltuples::float8 as n from pg_class where oid = 'stories'::regclass`.execute(db);
    const tuples = Math.max(Number(stats[0]?.n ?? 0), listed);
    if (!(tuples > 0)) return undefined;
    const percent = Math.min(100, (100 * size) / tuples);
    ({ rows } = await sql<{ listed: number | string; passing: number | string | null }>`
      select ${counts} from stories tablesample system (${sql.lit(percent)}) repeatable (0)
      where ${inList}`.execute(db));
  }
  return { listed: Number(rows[0]?.listed ?? 0), passing: Number(rows[0]?.passing ?? 0) };
}

/**
 * The total of a filtered list (without the reader's mutes) of `listed` stories before its
 * filters: counted from the narrowest candidate when there is one (at most DRIVE_MAX entries) or
 * when the list is short; otherwise estimated from a sample as `listed × passing / listed in the
 * sample`, unless the sample holds too few of the list's stories to say.
 */
export async function filteredTotal(
  db: Exec,
  dialect: DialectName,
  params: TotalParams,
  narrowest: Narrowest | undefined,
  listed: number,
): Promise<FilteredTotal> {
  const counted = async () => ({
    total: await countFiltered(db, dialect, params, narrowest?.driver),
    estimated: false,
  });
  if (narrowest || listed <= TOTALS.exactMax) return counted();
  const sample = await sampleFiltered(db, dialect, params, TOTALS.sampleSize, listed);
  if (!sample || sample.listed < TOTALS.sampleListedMin) return counted();
  return { total: roughly((listed * sample.passing) / sample.listed), estimated: true };
}
