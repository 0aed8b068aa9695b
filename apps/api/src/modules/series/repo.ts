import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database, SeriesRow, StoryRow } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

export const findSeriesById = (db: Exec, id: string): Promise<SeriesRow | undefined> =>
  db.selectFrom('series').selectAll().where('id', '=', id).executeTakeFirst();

/** The series row under a write lock (PostgreSQL; SQLite has one writer): parts change in turn. */
export function lockSeries(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<SeriesRow | undefined> {
  const query = trx.selectFrom('series').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** An author's series, newest first. */
export const seriesOfAuthor = (db: Exec, authorId: string): Promise<SeriesRow[]> =>
  db
    .selectFrom('series')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export async function insertSeries(db: Exec, row: SeriesRow): Promise<void> {
  await db.insertInto('series').values(row).execute();
}

export async function updateSeries(
  db: Exec,
  id: string,
  changes: { title?: string; description?: string; updated_at?: string },
): Promise<void> {
  await db.updateTable('series').set(changes).where('id', '=', id).execute();
}

export async function deleteSeries(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('series').where('id', '=', id).execute();
}

/** The story ids of a series in order. */
export async function partIds(db: Exec, seriesId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('series_stories')
    .select('story_id')
    .where('series_id', '=', seriesId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.story_id);
}

/** A series' stories in order with their part numbers (whole rows: the caller filters). */
export async function partsWithStories(
  db: Exec,
  seriesId: string,
): Promise<{ part: number; story: StoryRow }[]> {
  const rows = await db
    .selectFrom('series_stories')
    .innerJoin('stories', 'stories.id', 'series_stories.story_id')
    .selectAll('stories')
    .select('series_stories.position as part')
    .where('series_stories.series_id', '=', seriesId)
    .orderBy('series_stories.position')
    .execute();
  return rows.map(({ part, ...story }) => ({ part, story: story as StoryRow }));
}

/** The parts of several series at once, in order: for an author's list of series. */
export async function partsOfMany(
  db: Exec,
  seriesIds: string[],
): Promise<Map<string, { part: number; story: StoryRow }[]>> {
  const parts = new Map<string, { part: number; story: StoryRow }[]>(
    seriesIds.map((id) => [id, []]),
  );
  if (seriesIds.length === 0) return parts;
  const rows = await db
    .selectFrom('series_stories')
    .innerJoin('stories', 'stories.id', 'series_stories.story_id')
    .selectAll('stories')
    .select(['series_stories.position as part', 'series_stories.series_id as series_id'])
    .where('series_stories.series_id', 'in', seriesIds)
    .orderBy('series_stories.series_id')
    .orderBy('series_stories.position')
    .execute();
  for (const { part, series_id, ...story } of rows)
    parts.get(series_id)?.push({ part, story: story as StoryRow });
  return parts;
}

/** The series a story is part of, with its part number; undefined when none. */
export const seriesOfStory = (db: Exec, storyId: string) =>
  db
    .selectFrom('series_stories')
    .innerJoin('series', 'series.id', 'series_stories.series_id')
    .select(['series.id', 'series.title', 'series_stories.position as part'])
    .where('series_stories.story_id', '=', storyId)
    .executeTakeFirst();

/** Stories among `storyIds` with their author and the series each is in (null: none). */
export const storiesForParts = (db: Exec, storyIds: string[]) =>
  storyIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('stories')
        .leftJoin('series_stories', 'series_stories.story_id', 'stories.id')
        .leftJoin('series', 'series.id', 'series_stories.series_id')
        .select([
          'stories.id',
          'stories.author_id',
          'series_stories.series_id',
          'series.title as series_title',
        ])
        .where('stories.id', 'in', storyIds)
        .execute();

/** Makes `storyIds` the series' parts, numbered 1…n in that order. */
export async function replaceParts(
  db: Exec,
  seriesId: string,
  storyIds: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('series_stories').where('series_id', '=', seriesId).execute();
  if (storyIds.length === 0) return;
  await db
    .insertInto('series_stories')
    .values(
      storyIds.map((story_id, index) => ({
        story_id,
        series_id: seriesId,
        position: index + 1,
        added_at: now,
      })),
    )
    .execute();
}
