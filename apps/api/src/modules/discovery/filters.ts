import type { Genre, Rating, StoryFilters } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';
import { isPublic, type ListParams, SORT_COLUMN } from './repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Filtered story lists (issue 23, docs/decisions/031-story-filters.md). A filtered page is found
 * one of two ways, whichever reads fewer entries:
 *
 * - **from a tag**: when an included tag has at most TAG_DRIVE_MAX stories, its entries in
 *   story_tags_tag_idx are the candidates (each story read by its key), checked and sorted. The
 *   rarest included tag drives; the cost is bounded by TAG_DRIVE_MAX whatever the library size.
 * - **along the list order**: otherwise the order's partial index is walked as for an
 *   unfiltered list, and each entry's row is checked until the page is full. A common filter
 *   fills a page within a few dozen entries.
 *
 * Excluded tags are never read as a list: each candidate is probed once on story_tags' primary
 * key `(story_id, tag_key)` (`not exists`), so an excluded tag's size costs nothing.
 */
export const TAG_DRIVE_MAX = 5_000;

export interface FilteredListParams extends ListParams {
  filters: StoryFilters;
}

/** The conditions a filtered list adds, on the stories columns of `alias`. */
export function filterConditions(filters: StoryFilters, alias: string, driver?: string) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const out: RawBuilder<boolean>[] = [];
  if (filters.status) out.push(sql<boolean>`${col('completion_status')} = ${filters.status}`);
  if (filters.language) out.push(sql<boolean>`${col('language')} = ${filters.language}`);
  if (filters.words_min !== undefined)
    out.push(sql<boolean>`${col('word_count')} >= ${filters.words_min}`);
  if (filters.words_max !== undefined)
    out.push(sql<boolean>`${col('word_count')} <= ${filters.words_max}`);
  for (const tag of filters.tags ?? []) {
    if (tag === driver) continue;
    out.push(sql<boolean>`exists (select 1 from story_tags it
      where it.story_id = ${col('id')} and it.tag_key = ${tag})`);
  }
  const excluded = filters.exclude_tags ?? [];
  if (excluded.length > 0)
    out.push(sql<boolean>`not exists (select 1 from story_tags xt
      where xt.story_id = ${col('id')} and xt.tag_key in (${sql.join(excluded)}))`);
  return out;
}

/**
 * The included tag that drives the list, if any has at most TAG_DRIVE_MAX entries: the rarest.
 * Each is counted only that far (a bounded range of story_tags_tag_idx), so a common tag costs
 * TAG_DRIVE_MAX index entries at most.
 */
export async function drivingTag(
  db: Exec,
  tags: readonly string[] = [],
): Promise<string | undefined> {
  let best: { tag: string; n: number } | undefined;
  for (const tag of tags) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
      select 1 from story_tags where tag_key = ${tag} limit ${TAG_DRIVE_MAX + 1}) t`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n <= TAG_DRIVE_MAX && (!best || n < best.n)) best = { tag, n };
    if (n === 0) break;
  }
  return best?.tag;
}

/** Every one of `conditions`. */
const allOf = (conditions: RawBuilder<boolean>[]) =>
  sql<boolean>`${sql.join(conditions, sql` and `)}`;

/** Everything but the order: public, rated within `ratings`, the genre, the filters, the mutes. */
function listConditions(
  params: Omit<FilteredListParams, 'sort' | 'offset' | 'limit'>,
  alias: string,
  driver: string | undefined,
) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<boolean>[] = [
    alias === 'stories' ? isPublic : sql<boolean>`${col('visibility')} = 'public'`,
  ];
  const rating = ratingCondition(params.ratings, `${alias}.rating`);
  if (rating) conditions.push(rating);
  if (params.genre) conditions.push(sql<boolean>`${col('genre')} = ${params.genre}`);
  conditions.push(...filterConditions(params.filters, alias, driver));
  if (params.mutedBy) conditions.push(notMutedBy(params.mutedBy, `${alias}.author_id`));
  return conditions;
}

/**
 * A page of the ids of public stories that pass the filters, in the list's order. `driver`
 * (from drivingTag) picks the tag plan; without it the list order's index is walked. On SQLite
 * `cross join` keeps the tag's entries the outer loop; PostgreSQL plans from its statistics.
 */
export function filteredStoryIdsQuery(db: Exec, params: FilteredListParams, driver?: string) {
  const order = SORT_COLUMN[params.sort];
  if (driver === undefined) {
    return db
      .selectFrom('stories')
      .select('stories.id')
      .where(allOf(listConditions(params, 'stories', undefined)))
      .orderBy(`stories.${order}`, 'desc')
      .orderBy('stories.id', 'desc')
      .limit(params.limit)
      .offset(params.offset);
  }
  return db
    .selectFrom('story_tags as d')
    .crossJoin('stories')
    .select('stories.id')
    .where('d.tag_key', '=', driver)
    .whereRef('stories.id', '=', 'd.story_id')
    .where(allOf(listConditions(params, 'stories', driver)))
    .orderBy(`stories.${order}`, 'desc')
    .orderBy('stories.id', 'desc')
    .limit(params.limit)
    .offset(params.offset);
}

/** How many public stories pass the filters (for the muter too, when `mutedBy` is set). */
export function countFilteredQuery(
  db: Exec,
  params: Omit<FilteredListParams, 'sort' | 'offset' | 'limit'>,
  driver?: string,
) {
  const conditions = allOf(listConditions(params, 'stories', driver));
  if (driver === undefined) {
    return db
      .selectFrom('stories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(conditions);
  }
  return db
    .selectFrom('story_tags as d')
    .crossJoin('stories')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('d.tag_key', '=', driver)
    .whereRef('stories.id', '=', 'd.story_id')
    .where(conditions);
}

export async function countFiltered(
  db: Exec,
  params: Omit<FilteredListParams, 'sort' | 'offset' | 'limit'>,
  driver?: string,
): Promise<number> {
  const { total } = await countFilteredQuery(db, params, driver).executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Public stories passing the filters by the people `muterId` muted: what a muter's filtered
 * total leaves out, driven from their mutes as countMutedStories is.
 */
export async function countMutedFiltered(
  db: Exec,
  dialect: DialectName,
  muterId: string,
  genre: Genre | undefined,
  ratings: readonly Rating[],
  filters: StoryFilters,
): Promise<number> {
  const rating = ratingCondition(ratings, 's.rating');
  const conditions = [
    sql<boolean>`m.muter_id = ${muterId}`,
    isPublic,
    ...(genre ? [sql<boolean>`s.genre = ${genre}`] : []),
    ...(rating ? [rating] : []),
    ...filterConditions(filters, 's'),
  ];
  const join =
    dialect === 'sqlite'
      ? sql`cross join stories s indexed by stories_author_public_idx`
      : sql`join stories s`;
  const { rows } = await sql<{ total: number | string }>`
    select count(*) as total from mutes m ${join} on s.author_id = m.muted_id
    where ${sql.join(conditions, sql` and `)}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
