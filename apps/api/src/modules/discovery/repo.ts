import type { Genre, Rating, StorySort } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, StoryRow, UserRow } from '../../db/types.js';
import { notMutedBy } from '../safety/repo.js';
import { ratingCondition } from '../stories/ratings.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Public stories only. Written as a literal so SQLite (and PostgreSQL's planner) can prove the
 * partial indexes' `WHERE visibility = 'public'` and use them; a bound parameter would not.
 */
export const isPublic = sql<boolean>`visibility = 'public'`;

/** The ratings a list shows (modules/stories/ratings.ts): every one, or a subset. */
type Ratings = readonly Rating[];

/** Adds the ratings' condition to a query over stories, when they are not all of them. */
function rated<Q extends { where(condition: ReturnType<typeof sql<boolean>>): Q }>(
  query: Q,
  ratings: Ratings,
  column?: string,
): Q {
  const condition = ratingCondition(ratings, column);
  return condition ? query.where(condition) : query;
}

/** Each list order is exactly its partial index's columns, ending in id (docs/api.md). */
export const SORT_COLUMN = {
  latest: 'published_at',
  popular: 'popular_score',
  trending: 'trending_score',
} as const satisfies Record<StorySort, keyof StoryRow>;

/**
 * One page of public story ids in `sort` order. Only the index is read (it covers the order,
 * the genre and the id), so a deep offset skips index entries, never table rows.
 */
export interface ListParams {
  genre?: Genre;
  /** The ratings listed (docs/decisions/023-ratings.md). */
  ratings: Ratings;
  sort: StorySort;
  offset: number;
  limit: number;
  /**
   * A reader who muted someone: their stories are left out. Only set for readers with mutes
   * (docs/decisions/024-blocks-and-mutes.md), so everyone else keeps the index-only plans.
   */
  mutedBy?: string;
}

export function publicStoryIdsQuery(db: Exec, params: ListParams) {
  let query = rated(db.selectFrom('stories').select('id').where(isPublic), params.ratings);
  if (params.genre) query = query.where('genre', '=', params.genre);
  if (params.mutedBy) query = query.where(notMutedBy(params.mutedBy, 'stories.author_id'));
  return query
    .orderBy(SORT_COLUMN[params.sort], 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit)
    .offset(params.offset);
}

/**
 * One page of public stories, whole rows, in `sort` order, in one statement. SQLite walks the
 * order's partial index and reads only the page's rows from the table (a skipped entry costs
 * an index step, never a row). PostgreSQL, and SQLite for a rating scope, page the ids with an
 * index-only scan first and then fetch those rows, so a deep offset never visits the rows it
 * skips either.
 */
export async function publicStoriesPage(
  db: Exec,
  dialect: DialectName,
  params: ListParams,
): Promise<StoryRow[]> {
  // A rating scope pages its ids first on SQLite too: with statistics, SQLite reads whole rows
  // through the public index (the rating is in the row) rather than the all-ages index, and a
  // deep offset would then read every row it skips (docs/decisions/023-ratings.md).
  if (dialect === 'sqlite' && ratingCondition(params.ratings) === null) {
    let query = db.selectFrom('stories').selectAll().where(isPublic);
    if (params.genre) query = query.where('genre', '=', params.genre);
    if (params.mutedBy) query = query.where(notMutedBy(params.mutedBy, 'stories.author_id'));
    return query
      .orderBy(SORT_COLUMN[params.sort], 'desc')
      .orderBy('id', 'desc')
      .limit(params.limit)
      .offset(params.offset)
      .execute();
  }
  return db
    .selectFrom(publicStoryIdsQuery(db, params).as('page'))
    .innerJoin('stories', 'stories.id', 'page.id')
    .selectAll('stories')
    .orderBy(`stories.${SORT_COLUMN[params.sort]}`, 'desc')
    .orderBy('stories.id', 'desc')
    .execute();
}

/** Public stories of `ratings` (and genre); every rating or all ages from a partial index alone. */
export function countPublicStoriesQuery(db: Exec, genre: Genre | undefined, ratings: Ratings) {
  let query = rated(
    db
      .selectFrom('stories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(isPublic),
    ratings,
  );
  if (genre) query = query.where('genre', '=', genre);
  return query;
}

/**
 * Public stories (of `genre`, rated within `ratings`) by the people `muterId` muted: what a
 * muter's list total leaves out (its filtered total too, with the filters as `more`). Driven from the muter's mutes into one short range of
 * stories_author_public_idx per muted author. Left to choose, SQLite walks a genre's stories
 * (its genre index) and probes the mutes for each: 43 ms for a big genre at 100k, against
 * 0.2 ms this way at 20k. So on SQLite the `cross join` keeps the mutes the outer loop and
 * `indexed by` names the index; PostgreSQL picks both from its statistics.
 */
export async function countMutedStories(
  db: Exec,
  dialect: DialectName,
  muterId: string,
  genre: Genre | undefined,
  ratings: Ratings,
  /** More conditions on the stories (`s`), e.g. the list's filters. */
  more: RawBuilder<boolean>[] = [],
): Promise<number> {
  const rating = ratingCondition(ratings, 's.rating');
  const conditions = [
    sql<boolean>`m.muter_id = ${muterId}`,
    isPublic,
    ...(genre ? [sql<boolean>`s.genre = ${genre}`] : []),
    ...(rating ? [rating] : []),
    ...more,
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

export async function countPublicStories(
  db: Exec,
  genre: Genre | undefined,
  ratings: Ratings,
): Promise<number> {
  const { total } = await countPublicStoriesQuery(db, genre, ratings).executeTakeFirstOrThrow();
  return Number(total);
}

/**
 * Full rows of `ids`, in the order of `ids`; anything not public (any more) is left out, a last
 * lock on every public list.
 */
export async function publicStoriesInOrder(
  db: Exec,
  ids: string[],
  ratings: Ratings,
): Promise<StoryRow[]> {
  if (ids.length === 0) return [];
  const rows = await rated(
    db.selectFrom('stories').selectAll().where('id', 'in', ids).where(isPublic),
    ratings,
  ).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** 'More Like This': other public stories of the genre, most popular first. */
export function similarStoriesQuery(
  db: Exec,
  story: Pick<StoryRow, 'id' | 'genre'>,
  ratings: Ratings,
  limit: number,
  mutedBy?: string,
) {
  return rated(db.selectFrom('stories').selectAll().where(isPublic), ratings)
    .where('genre', '=', story.genre)
    .where('id', '<>', story.id)
    .$if(mutedBy !== undefined, (q) => q.where(notMutedBy(mutedBy!, 'stories.author_id')))
    .orderBy('popular_score', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

const followedBy = (db: Exec, userId: string) =>
  db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId);

/** Public stories by the authors `userId` follows, newest first (stories_author_public_idx). */
export function followingFeedIdsQuery(
  db: Exec,
  userId: string,
  ratings: Ratings,
  offset: number,
  limit: number,
  mutes = false,
) {
  return rated(db.selectFrom('stories').select('id').where(isPublic), ratings)
    .where('author_id', 'in', followedBy(db, userId))
    .$if(mutes, (q) => q.where(notMutedBy(userId, 'stories.author_id')))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
}

export async function countFollowingFeed(
  db: Exec,
  userId: string,
  ratings: Ratings,
  mutes = false,
): Promise<number> {
  const { total } = await rated(
    db
      .selectFrom('stories')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(isPublic),
    ratings,
  )
    .where('author_id', 'in', followedBy(db, userId))
    .$if(mutes, (q) => q.where(notMutedBy(userId, 'stories.author_id')))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Authors of the `count` most popular public stories, in that order, each once. */
export async function popularAuthorIds(db: Exec, count: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stories')
    .select('author_id')
    .where(isPublic)
    .orderBy('popular_score', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return [...new Set(rows.map((row) => row.author_id))];
}

/** Users by id, in the order of `ids`. */
export async function usersInOrder(db: Exec, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Users with at least one public story: the author directory. A literal, like `isPublic`, so
 * the partial index users_authors_idx applies.
 */
const isAuthor = sql<boolean>`stories_count > 0`;

/**
 * The directory's order (users_authors_idx, migration 004): most followers first, counting
 * followers only where the profile shows them to everyone (a hidden profile's count must not be
 * readable from its place), then the name in code-point order on both databases. Names are
 * unique case-insensitively, so the order is total and pages never overlap.
 */
export function authorIdsQuery(
  db: Exec,
  dialect: DialectName,
  offset: number,
  limit: number,
  mutedBy?: string,
) {
  const rank = sql`case when profile_public = 1 then followers_count else 0 end`;
  const name = dialect === 'postgres' ? sql`lower(username) collate "C"` : sql`lower(username)`;
  return db
    .selectFrom('users')
    .select('id')
    .where(isAuthor)
    .$if(mutedBy !== undefined, (q) => q.where(notMutedBy(mutedBy!, 'users.id')))
    .orderBy(rank, 'desc')
    .orderBy(name)
    .limit(limit)
    .offset(offset);
}

/** Authors in the directory whom `muterId` muted: what a muter's directory total leaves out. */
export async function countMutedAuthors(db: Exec, muterId: string): Promise<number> {
  const { total } = await db
    .selectFrom('mutes')
    .innerJoin('users', 'users.id', 'mutes.muted_id')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('mutes.muter_id', '=', muterId)
    .where(sql<boolean>`users.stories_count > 0`)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export async function countAuthors(db: Exec): Promise<number> {
  const { total } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(isAuthor)
    .executeTakeFirstOrThrow();
  return Number(total);
}
