import {
  COMMENT_LIMITS,
  COMMENT_MESSAGES,
  type Comment,
  type CommentCounts,
  type CommentLikeResult,
  type CommentListQuery,
  type CommentThread,
  type CreateCommentBody,
  multiLine,
  type Paged,
  type PageQuery,
  paragraphsOfHtml,
  SAFETY_MESSAGES,
} from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ChapterRow, CommentRow, Database, StoryRow, UserRow } from '../../db/types.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import type { Notifier } from '../notifications/events.js';
import { retractComment } from '../notifications/repo.js';
import { utcDay } from '../reading/reader-key.js';
import { hidingOf } from '../safety/repo.js';
import { assertNotBlockedBy } from '../safety/service.js';
import { addToStoryDay } from '../stats/repo.js';
import { assertCanReadChapter, canReadChapter, chapterNotFound } from '../stories/policy.js';
import { findStoryById, lockStory } from '../stories/repo.js';
import { authorSummaries } from '../stories/views.js';
import { parseStoredSettings } from '../users/settings-repo.js';
import { alignParagraphKeys, newParagraphKey, paragraphText } from './anchors.js';
import {
  adjustCounter,
  adjustStoryComments,
  type ChapterHead,
  type CommentView,
  contentOf,
  countsByKey,
  detachParagraphs,
  findChapterHead,
  findChapterPlace,
  findComment,
  findCommentView,
  parseKeys,
  postedSince,
  repliesPage,
  storeKeys,
  threadPage,
} from './repo.js';

type Exec = Kysely<Database> | Transaction<Database>;
type Viewer = { id: string } | null;

const commentNotFound = () => notFound(COMMENT_MESSAGES.commentNotFound);

/** Characters that show as nothing: a body of only these is blank. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;

/**
 * A comment's text as stored: line endings made `\n`, control characters other than line
 * breaks and tabs dropped with bidi overrides (the shared `multiLine`), more than one blank
 * line in a row made one, ends trimmed; a text of invisible characters alone is blank.
 */
function commentText(raw: string): string {
  const text = multiLine(raw).replace(/\n{3,}/g, '\n\n');
  if (text.replace(INVISIBLE, '').trim() === '')
    throw invalidField('body', COMMENT_MESSAGES.bodyRequired);
  if (text.length > COMMENT_LIMITS.bodyMax) throw invalidField('body', COMMENT_MESSAGES.bodyMax);
  return text;
}

/** The smallest UUID v7 of the moment `ms`: every id made from then on sorts at or above it. */
function firstIdAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The chapter's paragraph keys; when it has none yet, made from its content and stored. */
async function ensureKeys(db: Exec, chapter: ChapterHead, content: string): Promise<string[]> {
  const stored = parseKeys(chapter.paragraph_keys);
  if (stored) return stored;
  const keys = freshKeys(content);
  await storeKeys(db, chapter.id, keys);
  return keys;
}

/** How many paragraphs the chapter reads as: its keys, or its content before it has any. */
const paragraphCount = async (db: Exec, chapter: ChapterHead, keys: string[] | null) =>
  keys?.length ?? paragraphsOfHtml(await contentOf(db, chapter.id)).length;

interface Place {
  chapter: ChapterHead;
  story: StoryRow;
}

/**
 * Comments on chapters and paragraphs (docs/decisions/021-comment-anchors.md). Whoever may read
 * a chapter may read its comments; writing needs an account and the story's Allow Comments.
 * Every write changes its counters (replies, likes, the story's comments_count) in the same
 * transaction as its rows, under the story's row lock where the story's count moves.
 */
export function createCommentService({ db, notifier }: { db: Db; notifier: Notifier }) {
  const k = db.kysely;

  /** The chapter and story a viewer may read, or the answer reading the chapter would give. */
  const readableChapter = async (exec: Exec, viewer: Viewer, chapterId: string) => {
    const place = isUuid(chapterId) ? await findChapterPlace(exec, chapterId) : undefined;
    if (!place) throw chapterNotFound();
    assertCanReadChapter(viewer, place.story, place.chapter);
    return place;
  };

  /**
   * A comment and its place, when the viewer may read its chapter; otherwise the same 404 as
   * a comment that does not exist, so a private story's comments cannot be probed by id.
   */
  const readableComment = async (
    exec: Exec,
    viewer: Viewer,
    id: string,
    mode: 'read' | 'lock story' | 'hold comment' = 'read',
  ): Promise<Place & { comment: CommentRow }> => {
    if (!isUuid(id)) throw commentNotFound();
    let story: StoryRow | undefined;
    if (mode === 'lock story') {
      // The story's lock first, and only then the comment as it is now: a write decided on
      // rows read before the lock could count a deletion twice or miss a reply just posted.
      const ref = await exec
        .selectFrom('comments')
        .select('story_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!ref) throw commentNotFound();
      story = await lockStory(exec as Transaction<Database>, db.dialect, ref.story_id);
    }
    const query = exec.selectFrom('comments').selectAll().where('id', '=', id);
    // A like holds the comment against a deletion until it commits (PostgreSQL; SQLite runs
    // one transaction at a time), so its row never points at a comment that is gone.
    const comment = await (mode === 'hold comment' && db.dialect === 'postgres'
      ? query.forKeyShare()
      : query
    ).executeTakeFirst();
    if (!comment) throw commentNotFound();
    const [chapter, found] = await Promise.all([
      findChapterHead(exec, comment.chapter_id),
      story ?? findStoryById(exec, comment.story_id),
    ]);
    if (!chapter || !found || !canReadChapter(viewer, found, chapter)) throw commentNotFound();
    // Hidden by the moderators: there for its writer only (decision 025).
    if (comment.hidden_at !== null && comment.author_id !== viewer?.id) throw commentNotFound();
    return { comment, chapter, story: found };
  };

  /**
   * Payloads for rows of one chapter: their authors as each one's privacy lets the viewer see
   * them (a query only for a signed-in viewer meeting 'friends' authors), positions of keys.
   */
  const present = async (
    viewer: Viewer,
    { chapter, story }: Place,
    rows: CommentView[],
  ): Promise<Comment[]> => {
    const keys = parseKeys(chapter.paragraph_keys) ?? [];
    const positions = new Map(keys.map((key, i) => [key, i]));
    const authors = await authorSummaries(
      k,
      viewer,
      rows.flatMap((row) =>
        row.author_id && row.author_username !== null && row.deleted_at === null
          ? [
              {
                id: row.author_id,
                username: row.author_username,
                profile_pic: row.author_profile_pic,
                settings: parseStoredSettings(row.author_settings),
              },
            ]
          : [],
      ),
    );
    return rows.map((row) => {
      const deleted = row.deleted_at !== null;
      const position = row.paragraph_key === null ? undefined : positions.get(row.paragraph_key);
      const mine = viewer !== null && row.author_id === viewer.id;
      return {
        id: row.id,
        chapter_id: row.chapter_id,
        author: deleted || !row.author_id ? null : (authors.get(row.author_id) ?? null),
        body: deleted ? '' : row.body,
        paragraph: position ?? null,
        paragraph_removed: position === undefined && row.paragraph_excerpt !== null,
        paragraph_excerpt: deleted ? null : row.paragraph_excerpt,
        parent_id: row.parent_id,
        replies_count: Math.max(0, row.replies_count),
        likes_count: Math.max(0, row.likes_count),
        is_liked: Boolean(row.liked),
        is_mine: mine && !deleted,
        can_delete: !deleted && (mine || (viewer !== null && story.author_id === viewer.id)),
        created_at: row.created_at,
        edited_at: row.edited_at,
        deleted,
        // Only its writer is ever shown a hidden comment.
        hidden:
          row.hidden_at !== null && mine
            ? { reason: row.hidden_reason, at: new Date(row.hidden_at).toISOString() }
            : null,
      };
    });
  };

  const presentOne = async (viewer: Viewer, id: string): Promise<Comment> => {
    const place = await readableComment(k, viewer, id);
    const view = await findCommentView(k, id, viewer?.id ?? null);
    if (!view) throw commentNotFound();
    const [item] = await present(viewer, place, [view]);
    return item!;
  };

  return {
    /** A page of the chapter-level thread, or of one paragraph's. */
    async thread(
      viewer: Viewer,
      chapterId: string,
      query: CommentListQuery,
    ): Promise<CommentThread> {
      const place = await readableChapter(k, viewer, chapterId);
      const keys = parseKeys(place.chapter.paragraph_keys);
      let key: string | null = null;
      if (query.paragraph !== undefined) {
        if (query.paragraph >= (await paragraphCount(k, place.chapter, keys)))
          throw invalidField('paragraph', COMMENT_MESSAGES.paragraphMissing);
        // Without keys the chapter has no paragraph comments yet.
        if (!keys) return { ...pageOf([], 0, query), allow_comments: allows(place.story) };
        key = keys[query.paragraph]!;
      }
      const { rows, total } = await threadPage(
        k,
        viewer?.id ?? null,
        { chapterId: place.chapter.id, paragraphKey: key, sort: query.sort },
        offsetOf(query),
        query.limit,
        await hidingOf(k, viewer?.id ?? null),
      );
      return {
        ...pageOf(await present(viewer, place, rows), total, query),
        allow_comments: allows(place.story),
      };
    },

    /** Visible top-level comments per paragraph and on the chapter as a whole: one query. */
    async counts(viewer: Viewer, chapterId: string): Promise<CommentCounts> {
      const { chapter } = await readableChapter(k, viewer, chapterId);
      const keys = parseKeys(chapter.paragraph_keys) ?? [];
      const viewerId = viewer?.id ?? null;
      const byKey = await countsByKey(k, chapter.id, viewerId, await hidingOf(k, viewerId));
      return {
        paragraphs: keys.flatMap((key, paragraph) => {
          const count = byKey.get(key);
          return count ? [{ paragraph, count }] : [];
        }),
        chapter: byKey.get(null) ?? 0,
      };
    },

    async replies(viewer: Viewer, commentId: string, page: PageQuery): Promise<Paged<Comment>> {
      const place = await readableComment(k, viewer, commentId);
      const { rows, total } = await repliesPage(
        k,
        viewer?.id ?? null,
        place.comment.id,
        offsetOf(page),
        page.limit,
        await hidingOf(k, viewer?.id ?? null),
        place.comment.chapter_id,
      );
      return pageOf(await present(viewer, place, rows), total, page);
    },

    /** A comment on the chapter, on one of its paragraphs, or a reply to a top-level comment. */
    async create(viewer: UserRow, chapterId: string, input: CreateCommentBody): Promise<Comment> {
      const body = commentText(input.body);
      const id = newId();
      await k.transaction().execute(async (trx) => {
        const found = isUuid(chapterId) ? await findChapterHead(trx, chapterId) : undefined;
        if (!found) throw chapterNotFound();
        // The story's lock orders this write with chapter saves (which move paragraph keys)
        // and with every other write to the story's comments_count.
        const story = await lockStory(trx, db.dialect, found.story_id);
        const chapter = (await findChapterHead(trx, found.id)) ?? found;
        assertCanReadChapter(viewer, story, chapter);
        if (!allows(story)) throw forbidden(COMMENT_MESSAGES.commentsOff);
        await assertNotBlockedBy(trx, story.author_id, viewer.id, SAFETY_MESSAGES.commentBlocked);

        let paragraphKey: string | null = null;
        let excerpt: string | null = null;
        const parentId = input.parent_id ?? null;
        if (parentId !== null) {
          if (input.paragraph !== undefined && input.paragraph !== null)
            throw invalidField('paragraph', COMMENT_MESSAGES.paragraphOfReply);
          const parent = isUuid(parentId) ? await findComment(trx, parentId) : undefined;
          if (!parent) throw invalidField('parent_id', COMMENT_MESSAGES.commentNotFound);
          if (parent.chapter_id !== chapter.id) {
            // Said only of a comment the caller may read: an id alone tells nothing of a
            // private story's comments.
            const elsewhere = await findChapterHead(trx, parent.chapter_id);
            const itsStory = await findStoryById(trx, parent.story_id);
            const visible = elsewhere && itsStory && canReadChapter(viewer, itsStory, elsewhere);
            throw invalidField(
              'parent_id',
              visible ? COMMENT_MESSAGES.replyElsewhere : COMMENT_MESSAGES.commentNotFound,
            );
          }
          if (parent.parent_id !== null)
            throw invalidField('parent_id', COMMENT_MESSAGES.replyToReply);
          if (parent.deleted_at !== null)
            throw invalidField('parent_id', COMMENT_MESSAGES.replyToDeleted);
          await assertNotBlockedBy(trx, parent.author_id, viewer.id, SAFETY_MESSAGES.replyBlocked);
          paragraphKey = parent.paragraph_key;
          excerpt = parent.paragraph_excerpt;
        } else if (input.paragraph !== undefined && input.paragraph !== null) {
          // Positions are of the chapter as the reader saw it: after an edit they may name
          // other text, so a stale page is told to reload rather than comment on the wrong one.
          if (
            input.chapter_updated_at !== undefined &&
            Date.parse(input.chapter_updated_at) !== Date.parse(chapter.updated_at)
          )
            throw new AppError(409, 'conflict', COMMENT_MESSAGES.chapterChanged, {
              paragraph: COMMENT_MESSAGES.chapterChanged,
            });
          const content = await contentOf(trx, chapter.id);
          const paragraphs = paragraphsOfHtml(content);
          if (input.paragraph >= paragraphs.length)
            throw invalidField('paragraph', COMMENT_MESSAGES.paragraphMissing);
          const keys = await ensureKeys(trx, chapter, content);
          paragraphKey = keys[input.paragraph] ?? null;
          if (paragraphKey === null)
            throw invalidField('paragraph', COMMENT_MESSAGES.paragraphMissing);
          excerpt = excerptOf(paragraphs[input.paragraph]!);
        }

        const now = Date.now();
        if (
          await postedSince(trx, viewer.id, firstIdAt(now - COMMENT_LIMITS.duplicateWindowMs), body)
        )
          throw new AppError(409, 'conflict', COMMENT_MESSAGES.duplicate, {
            body: COMMENT_MESSAGES.duplicate,
          });
        await trx
          .insertInto('comments')
          .values({
            id,
            chapter_id: chapter.id,
            story_id: story.id,
            author_id: viewer.id,
            parent_id: parentId,
            paragraph_key: paragraphKey,
            paragraph_excerpt: excerpt,
            body,
            created_at: new Date(now).toISOString(),
          })
          .execute();
        if (parentId !== null) await adjustCounter(trx, parentId, 'replies_count', 1);
        if (chapter.published === 1) {
          await adjustStoryComments(trx, story.id, 1);
          await addToStoryDay(trx, story.id, utcDay(new Date(now)), { comments: 1 });
        }
        await notifier.record(trx, { event: 'comment', comment_id: id });
      });
      notifier.poke();
      return presentOne(viewer, id);
    },

    /** The writer's own comment, while it is not deleted; marked edited when the text changed. */
    async edit(viewer: UserRow, commentId: string, raw: string): Promise<Comment> {
      const body = commentText(raw);
      const { comment } = await readableComment(k, viewer, commentId);
      if (comment.deleted_at !== null) throw commentNotFound();
      if (comment.author_id !== viewer.id) throw forbidden(COMMENT_MESSAGES.notYourComment);
      if (body !== comment.body) {
        await k
          .updateTable('comments')
          .set({ body, edited_at: nowIso() })
          .where('id', '=', comment.id)
          .where('deleted_at', 'is', null)
          .execute();
      }
      return presentOne(viewer, comment.id);
    },

    /**
     * By its writer or the story's author. A top-level comment with replies stays as a
     * placeholder so the thread still reads; anything else is removed, and a placeholder whose
     * last reply goes is removed with it.
     */
    async remove(
      viewer: UserRow,
      commentId: string,
    ): Promise<{ id: string; placeholder: boolean }> {
      return k.transaction().execute(async (trx) => {
        const { comment, chapter, story } = await readableComment(
          trx,
          viewer,
          commentId,
          'lock story',
        );
        if (comment.deleted_at !== null) throw commentNotFound();
        if (comment.author_id !== viewer.id && story.author_id !== viewer.id)
          throw forbidden(COMMENT_MESSAGES.cannotDelete);
        const placeholder = comment.parent_id === null && comment.replies_count > 0;
        await retractComment(trx, comment.id);
        if (placeholder) {
          await trx
            .updateTable('comments')
            .set({ deleted_at: nowIso(), body: '' })
            .where('id', '=', comment.id)
            .execute();
        } else {
          await trx.deleteFrom('comments').where('id', '=', comment.id).execute();
          if (comment.parent_id !== null) {
            await adjustCounter(trx, comment.parent_id, 'replies_count', -1);
            // A placeholder kept only for its replies goes with the last of them.
            await trx
              .deleteFrom('comments')
              .where('id', '=', comment.parent_id)
              .where('deleted_at', 'is not', null)
              .where('replies_count', '<=', 0)
              .execute();
          }
        }
        if (chapter.published === 1) {
          await adjustStoryComments(trx, story.id, -1);
          // The comments line keeps comments that still stand, on the day they were written.
          await addToStoryDay(trx, story.id, utcDay(new Date(comment.created_at)), {
            comments: -1,
          });
        }
        return { id: comment.id, placeholder };
      });
    },

    like: (viewer: UserRow, commentId: string) => react(viewer, commentId, true),
    unlike: (viewer: UserRow, commentId: string) => react(viewer, commentId, false),
  };

  /** Idempotent: the like row is added or removed, and likes_count moves only when it was. */
  function react(viewer: UserRow, commentId: string, like: boolean): Promise<CommentLikeResult> {
    return k.transaction().execute(async (trx) => {
      const { comment } = await readableComment(trx, viewer, commentId, 'hold comment');
      if (comment.deleted_at !== null) throw commentNotFound();
      let changed: boolean;
      if (like) {
        await assertNotBlockedBy(trx, comment.author_id, viewer.id, SAFETY_MESSAGES.likeBlocked);
        const result = await trx
          .insertInto('comment_likes')
          .values({ comment_id: comment.id, user_id: viewer.id, created_at: nowIso() })
          .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
          .executeTakeFirst();
        changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      } else {
        const result = await trx
          .deleteFrom('comment_likes')
          .where('comment_id', '=', comment.id)
          .where('user_id', '=', viewer.id)
          .executeTakeFirst();
        changed = Number(result.numDeletedRows) > 0;
      }
      if (changed) await adjustCounter(trx, comment.id, 'likes_count', like ? 1 : -1);
      const row = await findComment(trx, comment.id);
      return { liked: like, likes_count: Math.max(0, row?.likes_count ?? 0) };
    });
  }
}
export type CommentService = ReturnType<typeof createCommentService>;

const allows = (story: StoryRow): boolean => story.allow_comments === 1;

const excerptOf = (paragraphHtml: string): string => {
  const text = paragraphText(paragraphHtml);
  return text.length <= COMMENT_LIMITS.excerptMax
    ? text
    : `${text.slice(0, COMMENT_LIMITS.excerptMax - 1).trimEnd()}…`;
};

/**
 * What a chapter save does to its paragraph keys and comments (decision 021): the new
 * content's keys carried from the old ones, and comments of paragraphs that are gone moved to
 * the chapter-level thread. Runs in the save's transaction, under the story's lock.
 */
export async function rekeyChapter(
  trx: Transaction<Database>,
  chapter: ChapterRow,
  newHtml: string,
): Promise<string> {
  const old = parseKeys(chapter.paragraph_keys);
  const oldTexts = paragraphsOfHtml(chapter.content).map(paragraphText);
  if (!old || old.length !== oldTexts.length) {
    if (old) await detachParagraphs(trx, chapter.id, old);
    return JSON.stringify(freshKeys(newHtml));
  }
  const { keys } = alignParagraphKeys({ texts: oldTexts, keys: old }, newHtml);
  const kept = new Set(keys);
  const dropped = old.filter((key) => !kept.has(key));
  if (dropped.length > 0) await detachParagraphs(trx, chapter.id, dropped);
  return JSON.stringify(keys);
}

/** A fresh key for each paragraph of `html`: a new chapter's, or one that had none. */
export const freshKeys = (html: string): string[] =>
  paragraphsOfHtml(html).map(() => newParagraphKey());
