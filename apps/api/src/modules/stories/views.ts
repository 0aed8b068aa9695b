import type { AuthorSummary, Story, StoryCard } from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Database, StoryRow } from '../../db/types.js';
import { presentAuthor } from '../users/presenter.js';
import { accessWithSettings } from '../users/privacy.js';
import { presentStory, presentStoryCard } from './presenter.js';
import { type AuthorRow, authorsOf, reactionsOf, tagsOf, usernamesOf } from './repo.js';

/**
 * Story payloads for any number of rows in a fixed number of queries: tags, authors (with their
 * privacy settings), and the caller's likes and saves each loaded for the whole list at once (no
 * query per story); one more only when a signed-in caller meets 'friends' authors.
 */
export async function storyViews(
  db: Kysely<Database>,
  rows: StoryRow[],
  viewer: { id: string } | null,
): Promise<Story[]> {
  const ids = rows.map((row) => row.id);
  // Independent reads, sent together: on PostgreSQL one round trip of waiting instead of three.
  const [tags, authorRows, reactions] = await Promise.all([
    tagsOf(db, ids),
    authorsOf(
      db,
      rows.map((row) => row.author_id),
    ),
    viewer ? reactionsOf(db, viewer.id, ids) : null,
  ]);
  const authors = await authorSummaries(db, viewer, authorRows);
  return rows.map((row) =>
    presentStory(row, {
      tags: tags.get(row.id) ?? [],
      author: authors.get(row.author_id)!,
      liked: reactions?.liked.has(row.id),
      saved: reactions?.saved.has(row.id),
    }),
  );
}

/** Cards of `rows` (no tags, settings or reactions): their authors' names in one query. */
export async function storyCards(db: Kysely<Database>, rows: StoryRow[]): Promise<StoryCard[]> {
  const names = await usernamesOf(
    db,
    rows.map((row) => row.author_id),
  );
  return rows.map((row) => presentStoryCard(row, names.get(row.author_id) ?? ''));
}

/** Each author as their profile privacy lets `viewer` see them (the picture: privacy.ts). */
export async function authorSummaries(
  db: Kysely<Database>,
  viewer: { id: string } | null,
  authors: AuthorRow[],
): Promise<Map<string, AuthorSummary>> {
  const access = await accessWithSettings(db, viewer, authors);
  return new Map(
    authors.map((author) => [author.id, presentAuthor(author, access.get(author.id)!)]),
  );
}
