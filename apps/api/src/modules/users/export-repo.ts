import type { Kysely } from 'kysely';
import type { ChapterRow, Database, StoryRow } from '../../db/types.js';

/** The queries behind the data export: everything one user owns or did, each in one query. */

export const storiesOfAuthor = (db: Kysely<Database>, authorId: string): Promise<StoryRow[]> =>
  db
    .selectFrom('stories')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Every chapter of the author's stories, drafts included, in story order. */
export const chaptersOfAuthor = (db: Kysely<Database>, authorId: string): Promise<ChapterRow[]> =>
  db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .selectAll('chapters')
    .where('stories.author_id', '=', authorId)
    .orderBy('chapters.story_id')
    .orderBy('chapters.position')
    .orderBy('chapters.id')
    .execute();

/** Usernames of the user's followers (`side: 'followers'`) or of whom they follow. */
export function followUsernames(
  db: Kysely<Database>,
  userId: string,
  side: 'followers' | 'following',
): Promise<{ username: string; followed_at: string }[]> {
  const [mine, theirs] =
    side === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  return db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', theirs)
    .select(['users.username', 'follows.created_at as followed_at'])
    .where(mine, '=', userId)
    .orderBy('follows.created_at')
    .orderBy('users.id')
    .execute();
}

/** Whom the user blocked, and whom they muted, oldest first (docs/decisions/024-blocks-and-mutes.md). */
export async function blocksAndMutes(db: Kysely<Database>, userId: string) {
  const blocks = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.username', 'blocks.created_at as blocked_at'])
    .where('blocks.blocker_id', '=', userId)
    .orderBy('blocks.created_at')
    .orderBy('users.id')
    .execute();
  const mutes = await db
    .selectFrom('mutes')
    .innerJoin('users', 'users.id', 'mutes.muted_id')
    .select(['users.username', 'mutes.created_at as muted_at'])
    .where('mutes.muter_id', '=', userId)
    .orderBy('mutes.created_at')
    .orderBy('users.id')
    .execute();
  return { blocks, mutes };
}

/** A story the user reacted to or read, with what the privacy check needs. */
export interface StoryRefRow {
  story_id: string;
  title: string;
  visibility: 'public' | 'private';
  author_id: string;
  author: string;
  at: string;
}

export function reactionsOfUser(
  db: Kysely<Database>,
  table: 'likes' | 'saves',
  userId: string,
): Promise<StoryRefRow[]> {
  return db
    .selectFrom(table)
    .innerJoin('stories', 'stories.id', `${table}.story_id`)
    .innerJoin('users', 'users.id', 'stories.author_id')
    .select([
      'stories.id as story_id',
      'stories.title',
      'stories.visibility',
      'stories.author_id',
      'users.username as author',
      `${table}.created_at as at`,
    ])
    .where(`${table}.user_id`, '=', userId)
    .orderBy(`${table}.created_at`)
    .orderBy('stories.id')
    .execute();
}

export function chapterReadsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<(StoryRefRow & { chapter_id: string; chapter_title: string; published: number })[]> {
  return db
    .selectFrom('chapter_reads')
    .innerJoin('stories', 'stories.id', 'chapter_reads.story_id')
    .innerJoin('users', 'users.id', 'stories.author_id')
    .innerJoin('chapters', 'chapters.id', 'chapter_reads.chapter_id')
    .select([
      'stories.id as story_id',
      'stories.title',
      'stories.visibility',
      'stories.author_id',
      'users.username as author',
      'chapter_reads.read_at as at',
      'chapters.id as chapter_id',
      'chapters.title as chapter_title',
      'chapters.published',
    ])
    .where('chapter_reads.user_id', '=', userId)
    .orderBy('chapter_reads.read_at')
    .orderBy('chapter_reads.chapter_id')
    .execute();
}

export function progressOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<(StoryRefRow & { chapter_id: string; chapter_position: number })[]> {
  return db
    .selectFrom('reading_progress')
    .innerJoin('stories', 'stories.id', 'reading_progress.story_id')
    .innerJoin('users', 'users.id', 'stories.author_id')
    .select([
      'stories.id as story_id',
      'stories.title',
      'stories.visibility',
      'stories.author_id',
      'users.username as author',
      'reading_progress.updated_at as at',
      'reading_progress.chapter_id',
      'reading_progress.chapter_position',
    ])
    .where('reading_progress.user_id', '=', userId)
    .orderBy('reading_progress.updated_at', 'desc')
    .orderBy('stories.id')
    .execute();
}

/** The user's own comments and replies, oldest first (deleted ones are gone). */
export function commentsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<
  (StoryRefRow & {
    id: string;
    chapter_id: string;
    published: number;
    parent_id: string | null;
    paragraph_excerpt: string | null;
    body: string;
    edited_at: string | null;
  })[]
> {
  return db
    .selectFrom('comments')
    .innerJoin('stories', 'stories.id', 'comments.story_id')
    .innerJoin('users', 'users.id', 'stories.author_id')
    .innerJoin('chapters', 'chapters.id', 'comments.chapter_id')
    .select([
      'comments.id',
      'stories.id as story_id',
      'stories.title',
      'stories.visibility',
      'stories.author_id',
      'users.username as author',
      'comments.chapter_id',
      'chapters.published',
      'comments.parent_id',
      'comments.paragraph_excerpt',
      'comments.body',
      'comments.created_at as at',
      'comments.edited_at',
    ])
    .where('comments.author_id', '=', userId)
    .where('comments.deleted_at', 'is', null)
    .orderBy('comments.id')
    .execute();
}
