import {
  type CreateChapterBody,
  defaultChapterTitle,
  isBlankHtml,
  LIMITS,
  MODERATION_MESSAGES,
  STORY_MESSAGES,
  type UpdateChapterBody,
} from '@storyloom/shared';
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { ChapterRow, ChaptersTable, Database, StoryRow } from '../../db/types.js';
import { badRequest, forbidden, invalidField } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { adjustStoryComments, visibleCount } from '../comments/repo.js';
import { freshKeys, rekeyChapter } from '../comments/service.js';
import type { Notifier } from '../notifications/events.js';
import { retract } from '../notifications/repo.js';
import { insertRevisions, packContent, recordSave } from '../revisions/repo.js';
import { indexChapters } from '../search/chapter-index.js';
import { chapterNotFound, storyNotFound } from '../stories/policy.js';
import { findStoryById, lockStory } from '../stories/repo.js';
import { forgetNotificationsOf, insertDeletedItem } from '../trash/repo.js';
import { prepareContent } from './content.js';
import {
  chapterOrder,
  findChapterById,
  insertChapters,
  listChapterSummaries,
  listChapters,
  renumber,
  syncStoryAfterChapterChange,
  updateChapter,
} from './repo.js';
import { enqueuePublish, scheduleTime } from './schedule.js';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function sanitized(raw: string) {
  const content = prepareContent(raw);
  if (content.tooLong) throw invalidField('content', STORY_MESSAGES.chapterContentMax);
  return content;
}

const noContent = () => invalidField('content', STORY_MESSAGES.chapterNoContent);

/**
 * The schedule a write asks for: undefined leaves it, null cancels it, a time sets it (checked:
 * ahead, not too far, and not together with publishing now).
 */
function requestedSchedule(
  input: { publish_at?: string | null; published?: boolean },
  now: string,
): string | null | undefined {
  if (typeof input.publish_at !== 'string') return input.publish_at;
  if (input.published === true) throw invalidField('publish_at', STORY_MESSAGES.scheduleAndPublish);
  return scheduleTime(input.publish_at, Date.parse(now));
}

/** Moves `id` to `position` (1-based) in `order`, in place. */
function moveTo(order: string[], id: string, position: number): void {
  const from = order.indexOf(id);
  if (from >= 0) order.splice(from, 1);
  order.splice(position - 1, 0, id);
}

export function createChapterService({ db, notifier }: { db: Db; notifier: Notifier }) {
  const k = db.kysely;

  /**
   * Every chapter write runs under the story's row lock, renumbers positions from 1 and
   * recounts the story's published chapters in the same transaction.
   */
  const inStory = (
    storyId: string,
    now: string,
    work: (trx: Transaction<Database>, story: StoryRow) => Promise<void>,
  ) =>
    k.transaction().execute(async (trx) => {
      const story = await lockStory(trx, db.dialect, storyId);
      if (!story) throw storyNotFound();
      await work(trx, story);
      await syncStoryAfterChapterChange(trx, storyId, now);
    });

  /**
   * A chapter published for the first time in a public story tells its readers (the job fans
   * out); one unpublished takes back what readers were told of it and its comments. Answers
   * whether it recorded the event, so the worker is woken after commit only then (most saves
   * publish nothing, and a wake-up costs the worker a claim on the jobs table).
   */
  const firstPublished = async (trx: Transaction<Database>, story: StoryRow, chapterId: string) => {
    if (story.visibility !== 'public') return false;
    await notifier.record(trx, { event: 'new_chapter', chapter_id: chapterId });
    return true;
  };

  const reload = async (id: string): Promise<ChapterRow> => {
    const chapter = await findChapterById(k, id);
    if (!chapter) throw chapterNotFound();
    return chapter;
  };

  return {
    find: async (id: string) => (isUuid(id) ? findChapterById(k, id) : undefined),

    findStory: async (id: string) => (isUuid(id) ? findStoryById(k, id) : undefined),

    list: (story: StoryRow, publishedOnly: boolean) => listChapters(k, story.id, publishedOnly),

    /** The table of contents: the same chapters without their text. */
    contents: (story: StoryRow, publishedOnly: boolean) =>
      listChapterSummaries(k, story.id, publishedOnly),

    /** Inserted at `order` (clamped), else last; the title defaults to 'Chapter n'. */
    async create(story: StoryRow, input: CreateChapterBody): Promise<ChapterRow> {
      const content = sanitized(input.content);
      const now = nowIso();
      const publishAt = requestedSchedule(input, now) ?? null;
      if ((input.published || publishAt) && content.blank) throw noContent();
      const id = newId();
      let told = false;
      const packed = packContent(content.html);
      await inStory(story.id, now, async (trx, locked) => {
        const order = await chapterOrder(trx, story.id);
        if (order.length >= LIMITS.chaptersPerStory)
          throw badRequest(STORY_MESSAGES.tooManyChapters);
        const position = clamp(input.order ?? order.length + 1, 1, order.length + 1);
        const title = input.title || defaultChapterTitle(position);
        await insertChapters(trx, [
          {
            id,
            story_id: story.id,
            title,
            content: content.html,
            paragraph_keys: JSON.stringify(freshKeys(content.html)),
            word_count: content.wordCount,
            position,
            published: input.published ? 1 : 0,
            published_at: input.published ? now : null,
            publish_at: publishAt,
            created_at: now,
            updated_at: now,
          },
        ]);
        await indexChapters(trx, db.dialect, [{ id, content: content.html }]);
        // The save and its revision commit together (decision 026).
        await insertRevisions(trx, [
          {
            chapterId: id,
            savedBy: locked.author_id,
            title,
            content: packed,
            wordCount: content.wordCount,
            createdAt: now,
          },
        ]);
        if (publishAt) await enqueuePublish(trx, id, publishAt);
        moveTo(order, id, position);
        await renumber(trx, story.id, order);
        if (input.published) told = await firstPublished(trx, locked, id);
      });
      if (told) notifier.poke();
      return reload(id);
    },

    /** A published chapter must keep visible content; `order` moves it and renumbers. */
    async update(
      story: StoryRow,
      chapter: ChapterRow,
      input: UpdateChapterBody,
    ): Promise<ChapterRow> {
      const content = input.content === undefined ? undefined : sanitized(input.content);
      // Compressed before the story lock is taken: most saves change the text.
      const packed = content ? packContent(content.html) : undefined;
      const now = nowIso();
      let told = false;
      await inStory(story.id, now, async (trx, locked) => {
        const current = await findChapterById(trx, chapter.id);
        if (!current) throw chapterNotFound();
        const published = input.published ?? current.published === 1;
        const requested = requestedSchedule(input, now);
        if (requested && published)
          throw invalidField('publish_at', STORY_MESSAGES.scheduleWhilePublished);
        // Publishing cancels the schedule; a stale job then finds nothing to do (schedule.ts).
        const publishAt = published
          ? null
          : requested === undefined
            ? current.publish_at
            : requested;
        // Hidden by the moderators: unpublished until they restore it (decision 025).
        if ((published || requested) && current.hidden_at !== null)
          throw forbidden(MODERATION_MESSAGES.hiddenChapter);
        // A scheduled chapter keeps content, as a published one does.
        if ((published || publishAt) && (content ? content.blank : isBlankHtml(current.content)))
          throw noContent();
        let position = current.position;
        if (input.order !== undefined) {
          const order = await chapterOrder(trx, story.id);
          position = clamp(input.order, 1, order.length);
          moveTo(order, current.id, position);
          await renumber(trx, story.id, order);
        }
        const changes: Updateable<ChaptersTable> = {
          published: published ? 1 : 0,
          updated_at: now,
        };
        if (publishAt !== current.publish_at) changes.publish_at = publishAt;
        if (requested) await enqueuePublish(trx, current.id, requested);
        if (input.title !== undefined) changes.title = input.title || defaultChapterTitle(position);
        if (content && content.html !== current.content) {
          changes.content = content.html;
          changes.word_count = content.wordCount;
          changes.paragraph_keys = await rekeyChapter(trx, current, content.html);
        }
        // The story's comments_count counts the comments of published chapters only.
        if (published !== (current.published === 1)) {
          const count = await visibleCount(trx, current.id);
          await adjustStoryComments(trx, story.id, published ? count : -count);
        }
        if (published && current.published_at === null) {
          changes.published_at = now;
          told = await firstPublished(trx, locked, current.id);
        }
        if (!published && current.published === 1)
          await retract(trx, 'chapter_id', current.id, locked.author_id);
        // A save that changes the title or the text keeps a revision, in this transaction, so
        // an acknowledged save always has one; a save that changes neither adds none.
        const titleChanged = changes.title !== undefined && changes.title !== current.title;
        const contentChanged = changes.content !== undefined;
        if (titleChanged || contentChanged) {
          await recordSave(trx, current, {
            savedBy: locked.author_id,
            title: changes.title ?? current.title,
            content: contentChanged && packed ? packed : packContent(current.content),
            wordCount: changes.word_count ?? current.word_count,
          });
        }
        await updateChapter(trx, current.id, changes);
        // The text index changes with the text (decision 032).
        if (changes.content !== undefined)
          await indexChapters(trx, db.dialect, [{ id: current.id, content: changes.content }]);
      });
      if (told) notifier.poke();
      return reload(chapter.id);
    },

    /**
     * Moves the chapter to its author's "Recently deleted" (docs/decisions/027-recently-deleted.md):
     * unpublished while there, remembering whether it was published, and out of the reading
     * order; it keeps its position, to go back to it on restore. The last remaining chapter
     * stays; the rest are renumbered from 1.
     */
    async remove(story: StoryRow, chapter: ChapterRow, now = nowIso()): Promise<void> {
      await inStory(story.id, now, async (trx) => {
        const order = await chapterOrder(trx, story.id);
        if (!order.includes(chapter.id)) throw chapterNotFound();
        if (order.length <= 1) throw badRequest(STORY_MESSAGES.lastChapter);
        const current = await findChapterById(trx, chapter.id);
        if (!current) throw chapterNotFound();
        // Its comments stay, out of the story's count while it is unpublished.
        if (current.published === 1)
          await adjustStoryComments(trx, story.id, -(await visibleCount(trx, chapter.id)));
        await updateChapter(trx, current.id, {
          published: 0,
          published_before_deleted: current.published,
          deleted_at: now,
        });
        await insertDeletedItem(trx, {
          kind: 'chapter',
          id: current.id,
          authorId: story.author_id,
          storyId: story.id,
          at: now,
        });
        await forgetNotificationsOf(trx, 'chapter_id', current.id);
        await renumber(
          trx,
          story.id,
          order.filter((id) => id !== chapter.id),
        );
      });
    },
  };
}
export type ChapterService = ReturnType<typeof createChapterService>;
