import { ALL_AGES_RATINGS } from '@storyloom/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { isPublic } from '../discovery/repo.js';
import { ratingCondition } from '../stories/ratings.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * Reads of the feeds and sitemaps. They serve visitors (feed readers and crawlers send no
 * token), so every one lists what a visitor's lists show: public stories (a hidden or deleted
 * story is private, decisions 025 and 027) rated General or Teen (decision 023), and published
 * chapters of those (a hidden, scheduled or deleted chapter is unpublished).
 */
const allAges = ratingCondition(ALL_AGES_RATINGS)!;

const listedStories = (db: Exec) =>
  db.selectFrom('stories').where(isPublic).where(allAges).where('published_at', 'is not', null);

const storyEntryColumns = [
  'stories.id',
  'stories.title',
  'stories.description',
  'stories.genre',
  'stories.published_at',
  'stories.updated_at',
  'stories.author_id',
] as const;

/** The newest listed stories (the all-ages latest index, as the Latest list reads it). */
export function latestStories(db: Exec, limit: number) {
  return listedStories(db)
    .innerJoin('users', 'users.id', 'stories.author_id')
    .select([...storyEntryColumns, 'users.username'])
    .orderBy('stories.published_at', 'desc')
    .orderBy('stories.id', 'desc')
    .limit(limit)
    .execute();
}

/** An author's newest listed stories (stories_author_public_idx). */
export function latestStoriesOf(db: Exec, authorId: string, limit: number) {
  return listedStories(db)
    .where('stories.author_id', '=', authorId)
    .select(storyEntryColumns)
    .orderBy('stories.published_at', 'desc')
    .orderBy('stories.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The newest published chapters of one story, or of an author's listed stories, each with its
 * number in the reader (its place among the story's published chapters).
 */
export function latestChapters(
  db: Exec,
  of: { storyId: string } | { authorId: string },
  limit: number,
) {
  let query = db
    .selectFrom('chapters as c')
    .innerJoin('stories', 'stories.id', 'c.story_id')
    .where(isPublic)
    .where(allAges)
    .where('c.published', '=', 1)
    .where('c.deleted_at', 'is', null)
    .where('c.published_at', 'is not', null)
    .select([
      'c.id',
      'c.title',
      // The opening is enough for a summary; a chapter may hold 500 KB.
      sql<string>`substr(c.content, 1, 2000)`.as('opening'),
      'c.published_at',
      'c.updated_at',
      'c.story_id',
      'stories.title as story_title',
      numberInReader,
    ]);
  query =
    'storyId' in of
      ? query.where('c.story_id', '=', of.storyId)
      : query.where('stories.author_id', '=', of.authorId);
  return query.orderBy('c.published_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/** A published chapter's `?chapter=n` (chapters_story_idx: story_id, position). */
const numberInReader = sql<number>`(select count(*) from chapters p
  where p.story_id = c.story_id and p.published = 1 and p.deleted_at is null
  and (p.position < c.position or (p.position = c.position and p.id <= c.id)))`.as('number');

/** A sitemap's place in its list: the key of the first row it holds. */
export interface StoryKey {
  published_at: string;
  id: string;
}

/**
 * One chunk of the listed stories in sitemap order (oldest first, so new stories land in the
 * last sitemap), after `after`: the all-ages latest index read backwards.
 */
export function storyChunk(
  db: Exec,
  after: StoryKey | null,
  limit: number,
  from?: StoryKey,
  until?: StoryKey,
) {
  let query = listedStories(db).select([
    'stories.id',
    'stories.published_at',
    'stories.updated_at',
    'stories.chapters_count',
  ]);
  if (after) {
    query = query.where(
      sql<boolean>`(stories.published_at, stories.id) > (${after.published_at}, ${after.id})`,
    );
  } else if (from) {
    query = query.where(
      sql<boolean>`(stories.published_at, stories.id) >= (${from.published_at}, ${from.id})`,
    );
  }
  if (until) {
    query = query.where(
      sql<boolean>`(stories.published_at, stories.id) < (${until.published_at}, ${until.id})`,
    );
  }
  return query
    .orderBy('stories.published_at', 'asc')
    .orderBy('stories.id', 'asc')
    .limit(limit)
    .execute() as Promise<
    { id: string; published_at: string; updated_at: string; chapters_count: number }[]
  >;
}

/** The published chapters of some stories, in reading order per story. */
export function publishedChaptersOf(db: Exec, storyIds: string[]) {
  if (storyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('chapters')
    .select(['id', 'story_id', 'updated_at'])
    .where('story_id', 'in', storyIds)
    .where('published', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('story_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Profiles everyone may see (users.profile_public mirrors the setting), of accounts in use. */
export function profileChunk(db: Exec, after: string | null, limit: number, from?: string) {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'updated_at'])
    .where('profile_public', '=', 1)
    .where('suspended_until', 'is', null);
  if (after) query = query.where('id', '>', after);
  else if (from) query = query.where('id', '>=', from);
  return query.orderBy('id').limit(limit).execute();
}

/** An author whose profile (and so feed) everyone may see, by case-insensitive username. */
export function publicAuthor(db: Exec, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'bio', 'created_at'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('profile_public', '=', 1)
    .where('suspended_until', 'is', null)
    .executeTakeFirst();
}
