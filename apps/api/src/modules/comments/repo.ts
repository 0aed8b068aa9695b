import type { CommentSort } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { CommentRow, Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** The chapter's paragraph keys as stored (decision 021), or null before it first got any. */
export function parseKeys(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const keys: unknown = JSON.parse(json);
    return Array.isArray(keys) && keys.every((key) => typeof key === 'string') ? keys : null;
  } catch {
    return null;
  }
}

export async function storeKeys(db: Exec, chapterId: string, keys: string[]): Promise<void> {
  await db
    .updateTable('chapters')
    .set({ paragraph_keys: JSON.stringify(keys) })
    .where('id', '=', chapterId)
    .execute();
}

/**
 * What comments need of a chapter: who may read it and its paragraph keys, not its text (a
 * chapter's content can run to half a megabyte; a page of comments has no use for it).
 */
export const findChapterHead = (db: Exec, id: string) =>
  db
    .selectFrom('chapters')
    .select(['id', 'story_id', 'published', 'paragraph_keys', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
export type ChapterHead = NonNullable<Awaited<ReturnType<typeof findChapterHead>>>;

export async function contentOf(db: Exec, chapterId: string): Promise<string> {
  const row = await db
    .selectFrom('chapters')
    .select('content')
    .where('id', '=', chapterId)
    .executeTakeFirst();
  return row?.content ?? '';
}

export const findComment = (db: Exec, id: string): Promise<CommentRow | undefined> =>
  db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Comments that lose their paragraph when a chapter is saved become chapter-level: their key
 * is cleared (the excerpt stays). Replies carry their parent's key and follow it.
 */
export async function detachParagraphs(db: Exec, chapterId: string, keys: string[]) {
  for (let start = 0; start < keys.length; start += 500) {
    await db
      .updateTable('comments')
      .set({ paragraph_key: null })
      .where('chapter_id', '=', chapterId)
      .where('paragraph_key', 'in', keys.slice(start, start + 500))
      .execute();
  }
}

/**
 * A page of a thread's top-level comments: the chapter-level thread (`paragraphKey` null) or
 * one paragraph's. Each order is an index read from the chapter's entry; ids are
 * time-ordered, so "newest" is the id descending.
 */
export async function threadPage(
  db: Exec,
  chapterId: string,
  paragraphKey: string | null,
  sort: CommentSort,
  offset: number,
  limit: number,
): Promise<{ rows: CommentRow[]; total: number }> {
  // Each thread's predicates say exactly what its partial index says (SQLite needs the very
  // terms): comments_chapter_thread_idx / comments_chapter_top_idx for the chapter as a whole,
  // comments_thread_idx / comments_top_idx for a paragraph.
  const thread = db
    .selectFrom('comments')
    .where('chapter_id', '=', chapterId)
    .where('parent_id', 'is', null)
    .where((eb) =>
      paragraphKey === null
        ? eb('paragraph_key', 'is', null)
        : eb.and([eb('paragraph_key', 'is not', null), eb('paragraph_key', '=', paragraphKey)]),
    );
  let ordered = thread.selectAll();
  if (sort === 'top') ordered = ordered.orderBy('likes_count', 'desc').orderBy('id', 'desc');
  else ordered = ordered.orderBy('id', sort === 'newest' ? 'desc' : 'asc');
  const [rows, counted] = await Promise.all([
    ordered.limit(limit).offset(offset).execute(),
    thread.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** A page of a comment's replies, oldest first (comments_replies_idx). */
export async function repliesPage(
  db: Exec,
  parentId: string,
  offset: number,
  limit: number,
): Promise<{ rows: CommentRow[]; total: number }> {
  const replies = db.selectFrom('comments').where('parent_id', '=', parentId);
  const [rows, counted] = await Promise.all([
    replies.selectAll().orderBy('id').limit(limit).offset(offset).execute(),
    replies.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/**
 * Visible top-level comments per paragraph key (null: the chapter as a whole), in one grouped
 * read of comments_counts_idx.
 */
export async function countsByKey(
  db: Exec,
  chapterId: string,
): Promise<Map<string | null, number>> {
  const rows = await db
    .selectFrom('comments')
    .select(['paragraph_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('chapter_id', '=', chapterId)
    .where('parent_id', 'is', null)
    .where('deleted_at', 'is', null)
    .groupBy('paragraph_key')
    .execute();
  return new Map(rows.map((row) => [row.paragraph_key, Number(row.n)]));
}

/** Visible comments and replies on a chapter: what it adds to its story's comments_count. */
export async function visibleCount(db: Exec, chapterId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chapter_id', '=', chapterId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of `ids` the user liked: one query for a page. */
export async function likedAmong(db: Exec, userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('comment_likes')
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.comment_id));
}

/**
 * Whether the author posted exactly `body` since `sinceId` (the smallest id of that moment):
 * their newest comments only, by comments_author_idx.
 */
export async function postedSince(
  db: Exec,
  authorId: string,
  sinceId: string,
  body: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('author_id', '=', authorId)
    .where('id', '>=', sinceId)
    .where('body', '=', body)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function adjustCounter(
  db: Exec,
  id: string,
  column: 'likes_count' | 'replies_count',
  delta: 1 | -1,
): Promise<void> {
  await db
    .updateTable('comments')
    .set((eb) => ({ [column]: eb(column, '+', delta) }))
    .where('id', '=', id)
    .execute();
}

/** Moves the story's comments_count by `delta` (visible comments of published chapters). */
export async function adjustStoryComments(db: Exec, storyId: string, delta: number) {
  if (delta === 0) return;
  await db
    .updateTable('stories')
    .set((eb) => ({ comments_count: eb('comments_count', '+', delta) }))
    .where('id', '=', storyId)
    .execute();
}
