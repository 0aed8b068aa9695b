import { isBlankHtml, LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { enqueue } from '../../jobs/queue.js';
import { invalidField } from '../../lib/errors.js';
import { DAY } from '../../lib/time.js';
import { adjustStoryComments, visibleCount } from '../comments/repo.js';
import type { Notifier } from '../notifications/events.js';
import { lockStory } from '../stories/repo.js';
import { findChapterById, syncStoryAfterChapterChange, updateChapter } from './repo.js';

type Exec = Parameters<typeof enqueue>[0];

/**
 * The `publish-chapter` job's payload: the chapter, and the time it was scheduled for when the
 * job was made. The job publishes only while the chapter is still scheduled for that time
 * (docs/decisions/028-scheduled-chapters.md).
 */
export const publishChapterPayload = z.object({ chapter_id: z.string(), publish_at: z.string() });
export type PublishChapterPayload = z.infer<typeof publishChapterPayload>;

/**
 * A requested publish time, checked: a valid instant ahead of `now` and at most
 * LIMITS.scheduleMaxDays ahead. Answers it in UTC, to the millisecond, as stored.
 */
export function scheduleTime(raw: string, now: number): string {
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw invalidField('publish_at', STORY_MESSAGES.scheduleInvalid);
  if (at <= now) throw invalidField('publish_at', STORY_MESSAGES.scheduleInPast);
  if (at > now + LIMITS.scheduleMaxDays * DAY)
    throw invalidField('publish_at', STORY_MESSAGES.scheduleTooFar);
  return new Date(at).toISOString();
}

/** Enqueues the job that publishes `chapterId` at `publishAt`, in the caller's transaction. */
export const enqueuePublish = (trx: Exec, chapterId: string, publishAt: string) =>
  enqueue(trx, {
    kind: 'publish-chapter',
    payload: { chapter_id: chapterId, publish_at: publishAt },
    runAt: new Date(publishAt),
  });

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * The `publish-chapter` job. Under the story's row lock (the lock every chapter write takes) it
 * re-reads the chapter and publishes it only if it is still unpublished and scheduled for the
 * job's time: a chapter rescheduled, cancelled or published by hand since does nothing, and a
 * second run of the same job (its worker killed after the commit) finds it published and does
 * nothing either. The publish, its notification event and the story's counts commit together,
 * so readers are told exactly once.
 */
export function publishChapterJob({
  db,
  notifier,
  onPublished,
}: {
  db: Db;
  notifier: Notifier;
  /** After a publish has committed: empties this process's visitors' cache. */
  onPublished: () => void;
}) {
  return async ({ chapter_id, publish_at }: PublishChapterPayload): Promise<void> => {
    const told = await db.kysely.transaction().execute(async (trx) => {
      const seen = await findChapterById(trx, chapter_id);
      if (!seen) return null;
      const story = await lockStory(trx, db.dialect, seen.story_id);
      const chapter = await findChapterById(trx, chapter_id);
      if (!story || !chapter) return null;
      const at = chapter.publish_at;
      const due =
        chapter.published === 0 && at !== null && Date.parse(at) === Date.parse(publish_at);
      if (!due) return null;
      // Hidden by the moderators since, or emptied: it stays a draft, and the schedule goes.
      if (chapter.hidden_at !== null || isBlankHtml(chapter.content)) {
        await updateChapter(trx, chapter.id, { publish_at: null });
        return null;
      }
      const first = chapter.published_at === null;
      await updateChapter(trx, chapter.id, {
        published: 1,
        publish_at: null,
        published_at: first ? at : chapter.published_at,
        updated_at: later(at, chapter.updated_at),
      });
      // The story's comments_count counts the comments of published chapters only.
      const comments = await visibleCount(trx, chapter.id);
      if (comments > 0) await adjustStoryComments(trx, story.id, comments);
      await syncStoryAfterChapterChange(trx, story.id, later(at, story.updated_at));
      // As a manual publish: a public story's readers hear of a chapter's first publication.
      const tell = first && story.visibility === 'public';
      if (tell) await notifier.record(trx, { event: 'new_chapter', chapter_id: chapter.id });
      return tell;
    });
    if (told === null) return;
    onPublished();
    if (told) notifier.poke();
  };
}
