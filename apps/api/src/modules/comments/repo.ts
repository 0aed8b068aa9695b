import type { CommentSort } from '@storyloom/shared';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { CommentRow, Database, StoryRow } from '../../db/types.js';
import { type Hiding, notHiddenBy } from '../safety/repo.js';

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
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
export type ChapterHead = NonNullable<Awaited<ReturnType<typeof findChapterHead>>>;

/** The chapter's head and its whole story in one statement: who may read its comments. */
export async function findChapterPlace(
  db: Exec,
  id: string,
): Promise<{ chapter: ChapterHead; story: StoryRow } | undefined> {
  const row = await db
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .selectAll('stories')
    .select([
      'chapters.id as chapter_id',
      'chapters.published as chapter_published',
      'chapters.paragraph_keys as chapter_paragraph_keys',
      'chapters.updated_at as chapter_updated_at',
    ])
    .where('chapters.id', '=', id)
    .where('chapters.deleted_at', 'is', null)
    .where('stories.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { chapter_id, chapter_published, chapter_paragraph_keys, chapter_updated_at, ...story } =
    row;
  return {
    chapter: {
      id: chapter_id,
      story_id: story.id,
      published: chapter_published,
      paragraph_keys: chapter_paragraph_keys,
      updated_at: chapter_updated_at,
    },
    story,
  };
}

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
 * A comment with what its payload needs of its author (name, picture, the settings their
 * privacy rule reads) and whether the viewer liked it: one statement for a whole page.
 */
export interface CommentView extends CommentRow {
  author_username: string | null;
  author_profile_pic: string | null;
  author_settings: string | null;
  /** 1/0 on SQLite, a boolean on PostgreSQL. */
  liked: number | boolean;
}

function commentViews(db: Exec, viewerId: string | null, hiding?: Hiding) {
  const query = db
    .selectFrom('comments')
    .leftJoin('users', 'users.id', 'comments.author_id')
    .leftJoin('user_settings', 'user_settings.user_id', 'comments.author_id')
    .selectAll('comments')
    .select((eb) => [
      'users.username as author_username',
      'users.profile_pic as author_profile_pic',
      'user_settings.settings as author_settings',
      viewerId === null
        ? sql<number>`0`.as('liked')
        : eb
            .exists(
              eb
                .selectFrom('comment_likes')
                .select('comment_likes.comment_id')
                .whereRef('comment_likes.comment_id', '=', 'comments.id')
                .where('comment_likes.user_id', '=', viewerId),
            )
            .as('liked'),
    ]);
  if (viewerId === null || !hiding || !(hiding.blocks || hiding.mutes)) return query;
  // What the viewer will find under a comment: its replies less those of people they hid
  // (comments_replies_idx, only for the few readers who hide anyone).
  return query.select(
    sql<number>`comments.replies_count - (select count(*) from comments as hid
      where hid.parent_id = comments.id and not (${notHiddenBy(viewerId, 'hid.author_id', hiding)}))`.as(
      'replies_count',
    ),
  );
}

/** Whether the viewer hides anyone: only then do their counts read each comment's row. */
const hidesSomeone = (viewerId: string | null, hiding: Hiding) =>
  viewerId !== null && (hiding.blocks || hiding.mutes);

/** Rows of `t` the moderators hid from the viewer: all hidden ones but the viewer's own. */
function hiddenFrom(t: string, viewerId: string | null): RawBuilder<boolean> {
  const hidden = sql<boolean>`${sql.ref(`${t}.hidden_at`)} is not null`;
  if (viewerId === null) return hidden;
  const author = sql.ref(`${t}.author_id`);
  return sql<boolean>`${hidden} and (${author} is null or ${author} <> ${viewerId})`;
}

/**
 * The viewer's filter on rows of `t`: comments the moderators hid are left out for all but
 * their writer (decision 025), and for readers who hide someone, that someone's comments.
 */
function shownTo(t: string, viewerId: string | null, hiding: Hiding): RawBuilder<boolean> {
  const moderated = sql<boolean>`not (${hiddenFrom(t, viewerId)})`;
  if (!hidesSomeone(viewerId, hiding)) return moderated;
  return sql<boolean>`${moderated} and ${notHiddenBy(viewerId!, `${t}.author_id`, hiding)}`;
}

/**
 * How many rows of a thread (`terms` over the alias `counted`) the viewer is shown. For nearly
 * everyone, every row counted from the thread's covering index less the hidden ones, found in
 * the small comments_hidden_idx; for a reader who hides someone, each row is read and tested.
 */
function shownCount(
  terms: (t: string) => RawBuilder<boolean>,
  viewerId: string | null,
  hiding: Hiding,
  hiddenTerms: (t: string) => RawBuilder<boolean> = terms,
): RawBuilder<number | string> {
  if (hidesSomeone(viewerId, hiding))
    return sql`(select count(*) from comments as counted where ${terms('counted')} and ${shownTo('counted', viewerId, hiding)})`;
  return sql`((select count(*) from comments as counted where ${terms('counted')})
    - (select count(*) from comments as hid where ${hiddenTerms('hid')} and ${hiddenFrom('hid', viewerId)}))`;
}

/**
 * A thread's rows as the hidden count seeks them in comments_hidden_idx (chapter_id, parent_id,
 * paragraph_key): without inThread's `paragraph_key is not null`, which SQLite would otherwise
 * read as a range over the paragraph thread indexes.
 */
function hiddenInThread(t: string, chapterId: string, paragraphKey: string | null) {
  const col = (name: string) => sql.ref(`${t}.${name}`);
  const key =
    paragraphKey === null
      ? sql<boolean>`${col('paragraph_key')} is null`
      : sql<boolean>`${col('paragraph_key')} = ${paragraphKey}`;
  return sql<boolean>`${col('chapter_id')} = ${chapterId} and ${col('parent_id')} is null and ${key}`;
}

/** One comment as a view, or undefined. */
export const findCommentView = (
  db: Exec,
  id: string,
  viewerId: string | null,
): Promise<CommentView | undefined> =>
  commentViews(db, viewerId).where('comments.id', '=', id).executeTakeFirst();

/**
 * The rows of one thread under the table name `t`: the chapter-level thread (`paragraphKey`
 * null) or one paragraph's. The terms are exactly those of the thread's partial indexes
 * (SQLite needs the very terms): comments_chapter_thread_idx / comments_chapter_top_idx for the
 * chapter as a whole, comments_thread_idx / comments_top_idx for a paragraph.
 */
function inThread(t: string, chapterId: string, paragraphKey: string | null): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${t}.${name}`);
  const where = sql<boolean>`${col('chapter_id')} = ${chapterId} and ${col('parent_id')} is null`;
  return paragraphKey === null
    ? sql<boolean>`${where} and ${col('paragraph_key')} is null`
    : sql<boolean>`${where} and ${col('paragraph_key')} is not null and ${col('paragraph_key')} = ${paragraphKey}`;
}

/**
 * A page of rows and the number of rows in all, from one statement: the total rides on each
 * row as a subquery the database runs once. Only a page past the end, which has no row to carry
 * it, costs a second statement.
 */
async function pageWithTotal(
  db: Exec,
  page: { execute(): Promise<(CommentView & { total: number | string })[]> },
  counted: RawBuilder<number | string>,
  offset: number,
): Promise<{ rows: CommentView[]; total: number }> {
  const found = await page.execute();
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && offset > 0)
    total = (await sql<{ n: number | string }>`select ${counted} as n`.execute(db)).rows[0]!.n;
  return { rows: found.map(({ total: _, ...row }) => row), total: Number(total) };
}

/** A page of a thread's top-level comments, each order an index read from the chapter's entry. */
export function threadPage(
  db: Exec,
  viewerId: string | null,
  thread: { chapterId: string; paragraphKey: string | null; sort: CommentSort },
  offset: number,
  limit: number,
  hiding: Hiding,
): Promise<{ rows: CommentView[]; total: number }> {
  const { chapterId, paragraphKey, sort } = thread;
  const counted = shownCount(
    (t) => inThread(t, chapterId, paragraphKey),
    viewerId,
    hiding,
    (t) => hiddenInThread(t, chapterId, paragraphKey),
  );
  let page = commentViews(db, viewerId, hiding)
    .select(counted.as('total'))
    .where(inThread('comments', chapterId, paragraphKey))
    .where(shownTo('comments', viewerId, hiding));
  // Ids are time-ordered (UUID v7): "newest" is the id descending.
  if (sort === 'top')
    page = page.orderBy('comments.likes_count', 'desc').orderBy('comments.id', 'desc');
  else page = page.orderBy('comments.id', sort === 'newest' ? 'desc' : 'asc');
  return pageWithTotal(db, page.limit(limit).offset(offset), counted, offset);
}

/** A page of a comment's replies, oldest first (comments_replies_idx). */
export function repliesPage(
  db: Exec,
  viewerId: string | null,
  parentId: string,
  offset: number,
  limit: number,
  hiding: Hiding,
  /** The parent's chapter: the hidden replies are sought by it in comments_hidden_idx. */
  chapterId: string,
): Promise<{ rows: CommentView[]; total: number }> {
  const counted = shownCount(
    (t) => sql<boolean>`${sql.ref(`${t}.parent_id`)} = ${parentId}`,
    viewerId,
    hiding,
    (t) =>
      sql<boolean>`${sql.ref(`${t}.chapter_id`)} = ${chapterId} and ${sql.ref(`${t}.parent_id`)} = ${parentId}`,
  );
  const page = commentViews(db, viewerId, hiding)
    .select(counted.as('total'))
    .where('comments.parent_id', '=', parentId)
    .where(shownTo('comments', viewerId, hiding))
    .orderBy('comments.id')
    .limit(limit)
    .offset(offset);
  return pageWithTotal(db, page, counted, offset);
}

/**
 * Visible top-level comments per paragraph key (null: the chapter as a whole), in one grouped
 * read of comments_counts_idx.
 */
export async function countsByKey(
  db: Exec,
  chapterId: string,
  viewerId: string | null,
  hiding: Hiding,
): Promise<Map<string | null, number>> {
  const grouped = (filter: RawBuilder<boolean>) =>
    db
      .selectFrom('comments')
      .select(['paragraph_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('chapter_id', '=', chapterId)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .where(filter)
      .groupBy('paragraph_key')
      .execute();
  if (hidesSomeone(viewerId, hiding)) {
    const rows = await grouped(shownTo('comments', viewerId, hiding));
    return new Map(rows.map((row) => [row.paragraph_key, Number(row.n)]));
  }
  // Everything from comments_chapter_rows_idx alone, less the hidden (comments_hidden_idx).
  const [all, hidden] = await Promise.all([
    grouped(sql<boolean>`1 = 1`),
    grouped(hiddenFrom('comments', viewerId)),
  ]);
  const counts = new Map(all.map((row) => [row.paragraph_key, Number(row.n)]));
  for (const row of hidden) {
    const left = (counts.get(row.paragraph_key) ?? 0) - Number(row.n);
    if (left > 0) counts.set(row.paragraph_key, left);
    else counts.delete(row.paragraph_key);
  }
  return counts;
}

/**
 * Visible comments and replies on a chapter: what it adds to its story's comments_count. A
 * comment the moderators hid does not count, nor do the replies under a hidden one.
 */
export async function visibleCount(db: Exec, chapterId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chapter_id', '=', chapterId)
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .where(
      sql<boolean>`(comments.parent_id is null or not exists (select 1 from comments as p
        where p.id = comments.parent_id and p.hidden_at is not null))`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
