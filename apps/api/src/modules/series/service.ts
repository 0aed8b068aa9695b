import {
  type CreateSeriesBody,
  LIMITS,
  RATINGS,
  type Rating,
  SERIES_MESSAGES,
  type Series,
  type StorySeries,
  type UpdateSeriesBody,
} from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, SeriesRow, StoryRow } from '../../db/types.js';
import { conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { canRead } from '../stories/policy.js';
import { listedRatings } from '../stories/ratings.js';
import { authorsOf } from '../stories/repo.js';
import { authorSummaries, storyCards } from '../stories/views.js';
import {
  deleteSeries,
  findSeriesById,
  insertSeries,
  lockSeries,
  partIds,
  partsOfMany,
  partsWithStories,
  replaceParts,
  seriesOfAuthor,
  seriesOfStory,
  storiesForParts,
  updateSeries,
} from './repo.js';

type Viewer = { id: string } | null;
type Part = { part: number; story: StoryRow };

export const seriesNotFound = () => notFound(SERIES_MESSAGES.notFound);

/** Only its author changes a series. */
export function assertOwnsSeries(viewer: Viewer, series: SeriesRow | undefined): asserts series {
  if (!series) throw seriesNotFound();
  if (viewer?.id !== series.author_id) throw forbidden(SERIES_MESSAGES.notYours);
}

/**
 * Which parts `viewer` sees, by the rule of the lists (docs/decisions/029-series.md): the
 * author every one; anyone else the stories they may read (public, not hidden) rated within
 * what their lists show (decision 023).
 */
async function visibility(db: Kysely<Database>, viewer: Viewer, authorId: string) {
  const own = viewer?.id === authorId;
  const ratings: readonly Rating[] = own ? RATINGS : await listedRatings(db, viewer);
  return (story: StoryRow) => canRead(viewer, story) && ratings.includes(story.rating as Rating);
}

export function createSeriesService({ db }: { db: Db }) {
  const k = db.kysely;

  /**
   * `storyIds` checked as parts of `series` (null: a new one) by `authorId`: each exists, is
   * the author's, and is in no other series. Throws what is wrong.
   */
  async function checkParts(
    exec: Kysely<Database>,
    authorId: string,
    seriesId: string | null,
    storyIds: string[],
  ) {
    if (storyIds.length > LIMITS.storiesPerSeries)
      throw invalidField('story_ids', SERIES_MESSAGES.tooMany);
    if (new Set(storyIds).size !== storyIds.length)
      throw invalidField('story_ids', SERIES_MESSAGES.duplicate);
    if (!storyIds.every(isUuid)) throw invalidField('story_ids', SERIES_MESSAGES.storyMissing);
    const found = new Map((await storiesForParts(exec, storyIds)).map((row) => [row.id, row]));
    for (const id of storyIds) {
      const row = found.get(id);
      if (!row) throw invalidField('story_ids', SERIES_MESSAGES.storyMissing);
      if (row.author_id !== authorId) throw forbidden(SERIES_MESSAGES.notYourStory);
      if (row.series_id && row.series_id !== seriesId)
        throw conflict('story_ids', SERIES_MESSAGES.inAnotherSeries(row.series_title ?? ''));
    }
  }

  /** The payload of a series with the parts `viewer` may see. */
  async function present(series: SeriesRow, parts: Part[], viewer: Viewer): Promise<Series> {
    const sees = await visibility(k, viewer, series.author_id);
    const shown = parts.filter((p) => sees(p.story));
    const [cards, authors] = await Promise.all([
      storyCards(
        k,
        shown.map((p) => p.story),
      ),
      authorsOf(k, [series.author_id]).then((rows) => authorSummaries(k, viewer, rows)),
    ]);
    return {
      id: series.id,
      title: series.title,
      description: series.description,
      author: authors.get(series.author_id)!,
      parts: shown.map((p, i) => ({ part: p.part, story: cards[i]! })),
      created_at: series.created_at,
      updated_at: series.updated_at,
    };
  }

  /** Runs `work` on the locked series; its parts and updated_at change with it. */
  const inSeries = <T>(
    id: string,
    work: (trx: Kysely<Database>, series: SeriesRow, now: string) => Promise<T>,
  ) =>
    k.transaction().execute(async (trx) => {
      const series = await lockSeries(trx, db.dialect, id);
      if (!series) throw seriesNotFound();
      const now = nowIso();
      const result = await work(trx, series, now);
      await updateSeries(trx, id, { updated_at: now });
      return result;
    });

  /** Sets the parts to `storyIds` in order, checked. */
  const setParts = (series: SeriesRow, make: (current: string[]) => string[]) =>
    inSeries(series.id, async (trx, locked, now) => {
      const next = make(await partIds(trx, locked.id));
      await checkParts(trx, locked.author_id, locked.id, next);
      await replaceParts(trx, locked.id, next, now);
    });

  return {
    find: async (id: string) => (isUuid(id) ? findSeriesById(k, id) : undefined),

    /** The series as `viewer` sees it; 404 to others when none of its parts is theirs to see. */
    async view(series: SeriesRow, viewer: Viewer): Promise<Series> {
      const payload = await present(series, await partsWithStories(k, series.id), viewer);
      if (payload.parts.length === 0 && viewer?.id !== series.author_id) throw seriesNotFound();
      return payload;
    },

    /** The caller's own series, every part shown. */
    async mine(author: { id: string }): Promise<Series[]> {
      const rows = await seriesOfAuthor(k, author.id);
      const parts = await partsOfMany(
        k,
        rows.map((row) => row.id),
      );
      return Promise.all(rows.map((row) => present(row, parts.get(row.id) ?? [], author)));
    },

    async create(author: { id: string }, input: CreateSeriesBody): Promise<SeriesRow> {
      const id = newId();
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await checkParts(trx, author.id, null, input.story_ids);
        await insertSeries(trx, {
          id,
          author_id: author.id,
          title: input.title,
          description: input.description,
          created_at: now,
          updated_at: now,
        });
        await replaceParts(trx, id, input.story_ids, now);
      });
      return (await findSeriesById(k, id))!;
    },

    async update(series: SeriesRow, input: UpdateSeriesBody): Promise<SeriesRow> {
      await inSeries(series.id, async (trx) => {
        const changes: { title?: string; description?: string } = {};
        if (input.title !== undefined) changes.title = input.title;
        if (input.description !== undefined) changes.description = input.description;
        if (Object.keys(changes).length > 0) await updateSeries(trx, series.id, changes);
      });
      return (await findSeriesById(k, series.id))!;
    },

    /** The series goes; its stories stay, in no series. */
    remove: (series: SeriesRow) => deleteSeries(k, series.id),

    /** The whole list of parts, in order: adds, removes and reorders at once. */
    setStories: (series: SeriesRow, storyIds: string[]) => setParts(series, () => storyIds),

    /** One story added at `position` (clamped; default last). */
    addStory: (series: SeriesRow, storyId: string, position?: number) =>
      setParts(series, (current) => {
        const next = current.filter((id) => id !== storyId);
        const at = Math.min(Math.max((position ?? next.length + 1) - 1, 0), next.length);
        next.splice(at, 0, storyId);
        return next;
      }),

    /** One story taken out; the rest renumbered. 404 when it is not a part. */
    removeStory: (series: SeriesRow, storyId: string) =>
      setParts(series, (current) => {
        if (!current.includes(storyId)) throw notFound(SERIES_MESSAGES.storyMissing);
        return current.filter((id) => id !== storyId);
      }),

    /**
     * The series `story` is part of, as `viewer` sees it: its part number and the nearest
     * earlier and later parts they may see. Null when it is in none.
     */
    async forStory(story: StoryRow, viewer: Viewer): Promise<StorySeries | null> {
      const membership = await seriesOfStory(k, story.id);
      if (!membership) return null;
      const [parts, sees] = await Promise.all([
        partsWithStories(k, membership.id),
        visibility(k, viewer, story.author_id),
      ]);
      const link = (p: Part | undefined) =>
        p ? { id: p.story.id, title: p.story.title, part: p.part } : null;
      const visible = parts.filter((p) => sees(p.story));
      return {
        id: membership.id,
        title: membership.title,
        part: membership.part,
        previous: link(visible.filter((p) => p.part < membership.part).at(-1)),
        next: link(visible.find((p) => p.part > membership.part)),
      };
    },
  };
}
export type SeriesService = ReturnType<typeof createSeriesService>;
