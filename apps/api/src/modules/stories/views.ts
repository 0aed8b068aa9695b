import type { Story } from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Database, StoryRow } from '../../db/types.js';
import { presentStory } from './presenter.js';
import { authorsOf, reactionsOf, tagsOf } from './repo.js';

/**
 * Story payloads for any number of rows in a fixed number of queries: tags, authors, and the
 * caller's likes and saves each loaded for the whole list at once (no query per story).
 */
export async function storyViews(
  db: Kysely<Database>,
  rows: StoryRow[],
  viewer: { id: string } | null,
): Promise<Story[]> {
  const ids = rows.map((row) => row.id);
  // Independent reads, sent together: on PostgreSQL one round trip of waiting instead of three.
  const [tags, authors, reactions] = await Promise.all([
    tagsOf(db, ids),
    authorsOf(
      db,
      rows.map((row) => row.author_id),
    ),
    viewer ? reactionsOf(db, viewer.id, ids) : null,
  ]);
  return rows.map((row) =>
    presentStory(row, {
      tags: tags.get(row.id) ?? [],
      author: authors.get(row.author_id)!,
      liked: reactions?.liked.has(row.id),
      saved: reactions?.saved.has(row.id),
    }),
  );
}
