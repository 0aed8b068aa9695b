import { mentionedUsernames } from '@storyloom/shared';
import { sql, type Transaction } from 'kysely';
import type { Db, DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { type BatchResult, type Gate, inBatches } from '../../jobs/progress.js';
import type { JobInfo } from '../../jobs/queue.js';
import { nowIso } from '../../lib/time.js';
import type { NotificationBus } from './bus.js';
import type { NotifyEvent } from './events.js';
import { MAILED_TYPES, type MailTiming, scheduleMail } from './mail.js';
import { recipients } from './policy.js';
import { noticeFromModerators, notify, readStoryForNotice, type Subject } from './repo.js';

/**
 * A new chapter is told to this many readers per transaction. On SQLite a batch runs
 * synchronously on the event loop (better-sqlite3) and holds the one connection: 100 keeps it
 * to a few milliseconds, which is all a request arriving meanwhile waits. PostgreSQL's batches
 * wait on the network instead, and its round trips make larger batches worth it.
 */
export const FAN_OUT_BATCH: Record<DialectName, number> = { sqlite: 100, postgres: 250 };
/** Mentions past this many in one comment are not told. */
const MENTIONS_MAX = 10;

type Trx = Transaction<Database>;

/**
 * The `notify` job: whom an event tells, decided when it runs (a like undone, a story made
 * private or a chapter unpublished since tells no one), written exactly once (jobs/progress.ts)
 * and announced to the streams of this process once committed.
 */
export function notifyJob({
  db,
  bus,
  mail,
  gate,
}: {
  db: Db;
  bus: NotificationBus;
  mail: MailTiming;
  /**
   * When a batch may run. Every notify batch draws from notification_seq, whose row lock
   * serialises them anyway: one at a time per process keeps the others from holding
   * connections that requests need (jobs/kinds.ts).
   */
  gate: Gate;
}) {
  /** Notifies, and schedules the email of what is mailed (replies, mentions, follows). */
  const record = async (
    trx: Trx,
    to: string[],
    actorId: string,
    subject: Subject,
    now: string,
  ): Promise<string[]> => {
    const told = await notify(trx, to, actorId, subject, now);
    if (MAILED_TYPES.includes(subject.type)) await scheduleMail(trx, db.dialect, told, mail);
    return told;
  };

  const once = (
    trx: Trx,
    work: (trx: Trx, now: string) => Promise<string[]>,
  ): Promise<BatchResult> =>
    work(trx, nowIso()).then((told) => ({
      cursor: null,
      done: true,
      afterCommit: () => bus.publish(told),
    }));

  const handlers: {
    [E in NotifyEvent['event']]: (
      event: Extract<NotifyEvent, { event: E }>,
      trx: Trx,
      cursor: string | null,
    ) => Promise<BatchResult>;
  } = {
    moderation_notice: (event, trx) =>
      once(trx, (trx, now) =>
        noticeFromModerators(
          trx,
          event.user_ids,
          {
            type: event.type,
            groupKey: event.type,
            storyId: event.story_id,
            chapterId: event.chapter_id,
            commentId: event.comment_id,
          },
          event.detail,
          now,
        ),
      ),

    follow: (event, trx) =>
      once(trx, async (trx, now) => {
        const still = await trx
          .selectFrom('follows')
          .select('follower_id')
          .where('follower_id', '=', event.follower_id)
          .where('followee_id', '=', event.followee_id)
          .executeTakeFirst();
        if (!still) return [];
        const to = await recipients(trx, [event.followee_id], event.follower_id, 'follow');
        return record(
          trx,
          to,
          event.follower_id,
          {
            type: 'follow',
            groupKey: `follow:${event.follower_id}`,
          },
          now,
        );
      }),

    story_like: (event, trx) =>
      once(trx, async (trx, now) => {
        const still = await trx
          .selectFrom('likes')
          .select('user_id')
          .where('user_id', '=', event.user_id)
          .where('story_id', '=', event.story_id)
          .executeTakeFirst();
        const story = still && (await readStoryForNotice(trx, db.dialect, event.story_id));
        if (story?.visibility !== 'public') return [];
        const to = await recipients(trx, [story.author_id], event.user_id, 'story_like');
        return record(
          trx,
          to,
          event.user_id,
          {
            type: 'story_like',
            groupKey: `like:${story.id}`,
            storyId: story.id,
          },
          now,
        );
      }),

    comment: (event, trx) => once(trx, (trx, now) => commentNotices(trx, event.comment_id, now)),

    new_chapter: (event, trx, cursor) => newChapterBatch(trx, event.chapter_id, cursor),
  };

  /** The reply, the comment on the story and the mentions one comment makes: each told once. */
  async function commentNotices(trx: Trx, commentId: string, now: string): Promise<string[]> {
    const comment = await trx
      .selectFrom('comments')
      .innerJoin('chapters', 'chapters.id', 'comments.chapter_id')
      .select([
        'comments.id',
        'comments.author_id',
        'comments.parent_id',
        'comments.story_id',
        'comments.chapter_id',
        'comments.body',
        'comments.deleted_at',
        'chapters.published',
      ])
      .where('comments.id', '=', commentId)
      .executeTakeFirst();
    if (!comment || comment.deleted_at !== null || !comment.author_id) return [];
    if (comment.published !== 1) return [];
    const story = await readStoryForNotice(trx, db.dialect, comment.story_id);
    if (story?.visibility !== 'public') return [];
    const actor = comment.author_id;
    const subject = {
      groupKey: `comment:${comment.id}`,
      storyId: story.id,
      chapterId: comment.chapter_id,
      commentId: comment.id,
    };
    const told: string[] = [];
    const tell = async (type: 'reply' | 'comment' | 'mention', userIds: string[]) => {
      const fresh = userIds.filter((id) => !told.includes(id));
      const to = await recipients(trx, fresh, actor, type);
      told.push(...fresh);
      return record(trx, to, actor, { type, ...subject }, now);
    };

    const changed: string[] = [];
    if (comment.parent_id !== null) {
      const parent = await trx
        .selectFrom('comments')
        .select('author_id')
        .where('id', '=', comment.parent_id)
        .executeTakeFirst();
      if (parent?.author_id) changed.push(...(await tell('reply', [parent.author_id])));
    }
    changed.push(...(await tell('comment', [story.author_id])));
    const names = mentionedUsernames(comment.body, MENTIONS_MAX);
    if (names.length > 0) {
      const mentioned = await trx
        .selectFrom('users')
        .select('id')
        .where(
          sql<string>`lower(username)`,
          'in',
          names.map((name) => name.toLowerCase()),
        )
        .execute();
      changed.push(
        ...(await tell(
          'mention',
          mentioned.map((row) => row.id),
        )),
      );
    }
    return changed;
  }

  /**
   * One batch of a new chapter's readers: the author's followers by id, then the story's savers
   * who do not follow the author, by id. The cursor says which list and the last id told.
   */
  const batchSize = FAN_OUT_BATCH[db.dialect];
  async function newChapterBatch(trx: Trx, chapterId: string, cursor: string | null) {
    const chapter = await trx
      .selectFrom('chapters')
      .select(['id', 'story_id', 'published'])
      .where('id', '=', chapterId)
      .executeTakeFirst();
    const story = chapter && (await readStoryForNotice(trx, db.dialect, chapter.story_id));
    if (!chapter || !story || chapter.published !== 1 || story.visibility !== 'public')
      return { cursor, done: true };

    const [list, after] = cursor === null ? ['followers', ''] : cursor.split(':', 2);
    let ids: string[];
    if (list === 'followers') {
      const rows = await trx
        .selectFrom('follows')
        .select('follower_id as id')
        .where('followee_id', '=', story.author_id)
        .$if(after !== '', (q) => q.where('follower_id', '>', after!))
        .orderBy('follower_id')
        .limit(batchSize)
        .execute();
      ids = rows.map((row) => row.id);
    } else {
      const rows = await trx
        .selectFrom('saves')
        .select('saves.user_id as id')
        .where('saves.story_id', '=', story.id)
        .$if(after !== '', (q) => q.where('saves.user_id', '>', after!))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('follows')
                .select('follows.follower_id')
                .whereRef('follows.follower_id', '=', 'saves.user_id')
                .where('follows.followee_id', '=', story.author_id),
            ),
          ),
        )
        .orderBy('saves.user_id')
        .limit(batchSize)
        .execute();
      ids = rows.map((row) => row.id);
    }
    const to = await recipients(trx, ids, story.author_id, 'new_chapter');
    const told = await notify(
      trx,
      to,
      story.author_id,
      {
        type: 'new_chapter',
        groupKey: `chapter:${chapter.id}`,
        storyId: story.id,
        chapterId: chapter.id,
      },
      nowIso(),
    );
    const full = ids.length === batchSize;
    const next = full ? `${list}:${ids.at(-1)}` : list === 'followers' ? 'savers:' : null;
    return {
      cursor: next,
      done: next === null,
      afterCommit: () => bus.publish(told),
    };
  }

  return (event: NotifyEvent, job: JobInfo): Promise<void> =>
    inBatches(db, job.id, gate, (trx, cursor) =>
      (handlers[event.event] as (e: NotifyEvent, t: Trx, c: string | null) => Promise<BatchResult>)(
        event,
        trx,
        cursor,
      ),
    );
}
