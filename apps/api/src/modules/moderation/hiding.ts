import { sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { CommentRow, Database, HiddenCause, StoryRow } from '../../db/types.js';
import { syncStoryAfterChapterChange } from '../chapters/repo.js';
import { adjustCounter, adjustStoryComments, visibleCount } from '../comments/repo.js';
import { retract, retractComment } from '../notifications/repo.js';
import { adjustStoriesCount, lockStory, updateStory } from '../stories/repo.js';

/**
 * Hiding and restoring content (docs/decisions/025-moderation.md), in the caller's transaction,
 * with every counter that others see. A hidden story is made private and a hidden chapter
 * unpublished, remembering what they were: every list, search, feed, share preview and
 * count already leaves those out, and so does a release running beside this one during a
 * deploy. A hidden comment is left out of threads by `hidden_at` (comments/repo.ts).
 *
 * `cause` tells a piece hidden on its own ('moderation') from one hidden with everything of a
 * suspended author ('suspension'): lifting a suspension brings back only the latter.
 */
type Trx = Transaction<Database>;
export interface Hide {
  cause: HiddenCause;
  reason: string;
  now: string;
}

/** Hides a story; answers the row before and after (for the cached public totals), or null. */
export async function hideStory(
  trx: Trx,
  dialect: DialectName,
  storyId: string,
  { cause, reason, now }: Hide,
): Promise<{ before: StoryRow; after: StoryRow } | null> {
  const story = await lockStory(trx, dialect, storyId);
  if (!story) return null;
  if (story.hidden_at !== null) {
    // Already hidden: a moderator's own hide outranks a suspension's (it stays after the lift).
    if (cause === 'moderation')
      await updateStory(trx, story.id, { hidden_cause: cause, hidden_reason: reason });
    return null;
  }
  await updateStory(trx, story.id, {
    visibility: 'private',
    visibility_before_hidden: story.visibility,
    hidden_at: now,
    hidden_reason: reason,
    hidden_cause: cause,
  });
  if (story.visibility === 'public') {
    await adjustStoriesCount(trx, story.author_id, -1);
    await retract(trx, 'story_id', story.id, story.author_id);
  }
  return { before: story, after: { ...story, visibility: 'private' } };
}

/** Brings a hidden story back as it was; answers before and after, or null. */
export async function restoreStory(
  trx: Trx,
  dialect: DialectName,
  storyId: string,
): Promise<{ before: StoryRow; after: StoryRow } | null> {
  const story = await lockStory(trx, dialect, storyId);
  if (!story || story.hidden_at === null) return null;
  const visibility = story.visibility_before_hidden ?? 'private';
  await updateStory(trx, story.id, {
    visibility,
    visibility_before_hidden: null,
    hidden_at: null,
    hidden_reason: null,
    hidden_cause: null,
  });
  if (visibility === 'public' && story.visibility !== 'public')
    await adjustStoriesCount(trx, story.author_id, 1);
  return { before: story, after: { ...story, visibility } };
}

/** The chapter and its story, the story's row locked first (as every chapter write does). */
async function lockedChapter(trx: Trx, dialect: DialectName, chapterId: string) {
  const head = await trx
    .selectFrom('chapters')
    .select('story_id')
    .where('id', '=', chapterId)
    .executeTakeFirst();
  const story = head && (await lockStory(trx, dialect, head.story_id));
  if (!story) return undefined;
  // A chapter in its author's trash is as missing to the moderators as to everyone else.
  const chapter = await trx
    .selectFrom('chapters')
    .selectAll()
    .where('id', '=', chapterId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return chapter && { story, chapter };
}

/** Hides a chapter: unpublished while hidden, out of its story's counts. */
export async function hideChapter(
  trx: Trx,
  dialect: DialectName,
  chapterId: string,
  { cause, reason, now }: Hide,
): Promise<boolean> {
  const locked = await lockedChapter(trx, dialect, chapterId);
  if (!locked) return false;
  const { story, chapter } = locked;
  if (chapter.hidden_at !== null) return false;
  if (chapter.published === 1) {
    await adjustStoryComments(trx, story.id, -(await chapterWeight(trx, chapterId)));
    await retract(trx, 'chapter_id', chapterId, story.author_id);
  }
  await trx
    .updateTable('chapters')
    .set({
      published: 0,
      published_before_hidden: chapter.published,
      hidden_at: now,
      hidden_reason: reason,
      hidden_cause: cause,
    })
    .where('id', '=', chapterId)
    .execute();
  await syncStoryAfterChapterChange(trx, story.id, story.updated_at);
  return true;
}

export async function restoreChapter(
  trx: Trx,
  dialect: DialectName,
  chapterId: string,
): Promise<boolean> {
  const locked = await lockedChapter(trx, dialect, chapterId);
  if (!locked) return false;
  const { story, chapter } = locked;
  if (chapter.hidden_at === null) return false;
  const published = chapter.published_before_hidden ?? 0;
  await trx
    .updateTable('chapters')
    .set({
      published,
      published_before_hidden: null,
      hidden_at: null,
      hidden_reason: null,
      hidden_cause: null,
    })
    .where('id', '=', chapterId)
    .execute();
  if (published === 1)
    await adjustStoryComments(trx, story.id, await chapterWeight(trx, chapterId));
  await syncStoryAfterChapterChange(trx, story.id, story.updated_at);
  return true;
}

/** What a published chapter's comments add to its story's comments_count. */
const chapterWeight = (trx: Trx, chapterId: string) => visibleCount(trx, chapterId);

/**
 * What a comment adds to its story's comments_count as things stand: itself (unless deleted
 * or hidden) and, for a top-level comment, its visible replies, on a published chapter only.
 */
async function commentWeight(trx: Trx, comment: CommentRow): Promise<number> {
  if (comment.hidden_at !== null) return 0;
  const { rows } = await sql<{
    published: number;
    parent_hidden: number | boolean;
    replies: number | string;
  }>`
    select ch.published,
      exists (select 1 from comments p where p.id = ${comment.parent_id} and p.hidden_at is not null) as parent_hidden,
      (select count(*) from comments r where r.parent_id = ${comment.id}
        and r.deleted_at is null and r.hidden_at is null) as replies
    from chapters ch where ch.id = ${comment.chapter_id}`.execute(trx);
  const row = rows[0];
  if (!row || Number(row.published) !== 1 || row.parent_hidden) return 0;
  const own = comment.deleted_at === null ? 1 : 0;
  return own + (comment.parent_id === null ? Number(row.replies) : 0);
}

async function lockedComment(trx: Trx, dialect: DialectName, commentId: string) {
  const ref = await trx
    .selectFrom('comments')
    .select('story_id')
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!ref || !(await lockStory(trx, dialect, ref.story_id))) return undefined;
  return trx.selectFrom('comments').selectAll().where('id', '=', commentId).executeTakeFirst();
}

/** Hides a comment: out of threads for all but its writer, and out of the counts. */
export async function hideComment(
  trx: Trx,
  dialect: DialectName,
  commentId: string,
  { cause, reason, now }: Hide,
): Promise<boolean> {
  const comment = await lockedComment(trx, dialect, commentId);
  if (!comment) return false;
  if (comment.hidden_at !== null) {
    if (cause === 'moderation')
      await trx
        .updateTable('comments')
        .set({ hidden_cause: cause, hidden_reason: reason })
        .where('id', '=', commentId)
        .execute();
    return false;
  }
  const weight = await commentWeight(trx, comment);
  await trx
    .updateTable('comments')
    .set({ hidden_at: now, hidden_reason: reason, hidden_cause: cause })
    .where('id', '=', commentId)
    .execute();
  if (weight > 0) await adjustStoryComments(trx, comment.story_id, -weight);
  if (comment.parent_id !== null && comment.deleted_at === null)
    await adjustCounter(trx, comment.parent_id, 'replies_count', -1);
  await retractComment(trx, comment.id);
  return true;
}

export async function restoreComment(
  trx: Trx,
  dialect: DialectName,
  commentId: string,
): Promise<boolean> {
  const comment = await lockedComment(trx, dialect, commentId);
  if (!comment || comment.hidden_at === null) return false;
  await trx
    .updateTable('comments')
    .set({ hidden_at: null, hidden_reason: null, hidden_cause: null })
    .where('id', '=', commentId)
    .execute();
  const weight = await commentWeight(trx, { ...comment, hidden_at: null });
  if (weight > 0) await adjustStoryComments(trx, comment.story_id, weight);
  if (comment.parent_id !== null && comment.deleted_at === null)
    await adjustCounter(trx, comment.parent_id, 'replies_count', 1);
  return true;
}
