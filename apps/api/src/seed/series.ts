import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { insertBatched } from './batch.js';

/** One author in this many (from the first, the demo account) groups stories into a series. */
const EVERY_NTH_AUTHOR = 10;
/** At most this many seeded series: the bench's and the demo's needs, at any library size. */
const MAX_SERIES = 1_000;
/** A series holds an author's first stories, up to this many parts. */
const MAX_PARTS = 5;
const AUTHORS_PER_QUERY = 200;

const sagaTitle = (first: string) => `The ${first.replace(/^the\s+/i, '')} Saga`;

/**
 * Series among the seeded authors' stories (docs/decisions/029-series.md): every tenth user who
 * wrote two stories or more groups their first ones, oldest first, into "The … Saga". Run after
 * the stories (and their indexes) exist; deterministic in which stories and in what order.
 */
export async function seedSeries(db: Db, userIds: readonly string[]): Promise<number> {
  const authors = userIds.filter((_, u) => u % EVERY_NTH_AUTHOR === 0);
  let made = 0;
  for (let start = 0; start < authors.length && made < MAX_SERIES; start += AUTHORS_PER_QUERY) {
    const chunk = authors.slice(start, start + AUTHORS_PER_QUERY);
    const rows = await db.kysely
      .selectFrom('stories')
      .select(['id', 'author_id', 'title', 'created_at'])
      .where('author_id', 'in', chunk)
      .orderBy('author_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byAuthor = new Map<string, typeof rows>();
    for (const row of rows)
      byAuthor.set(row.author_id, [...(byAuthor.get(row.author_id) ?? []), row]);
    const series: Insertable<Database['series']>[] = [];
    const parts: Insertable<Database['series_stories']>[] = [];
    for (const author of chunk) {
      const mine = (byAuthor.get(author) ?? []).slice(0, MAX_PARTS);
      if (mine.length < 2 || made >= MAX_SERIES) continue;
      const id = newId();
      const at = mine.at(-1)!.created_at;
      series.push({
        id,
        author_id: author,
        title: sagaTitle(mine[0]!.title),
        description: `${mine.length} stories, read in order.`,
        created_at: at,
        updated_at: at,
      });
      for (const [index, story] of mine.entries())
        parts.push({ story_id: story.id, series_id: id, position: index + 1, added_at: at });
      made += 1;
    }
    await db.kysely.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'series', series);
      await insertBatched(trx, db.dialect, 'series_stories', parts);
    });
  }
  return made;
}
