import {
  type ContinueReading,
  DISCOVERY,
  DISCOVERY_MESSAGES,
  type Paged,
  type PageQuery,
  type ProgressResult,
  type UserStats,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { ChapterRow, StoryRow, UserRow } from '../../db/types.js';
import { invalidField } from '../../lib/errors.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { findChapterById } from '../chapters/repo.js';
import { addChapterRead } from '../stats/repo.js';
import {
  assertCanRead,
  assertCanReadChapter,
  canReadChapter,
  chapterNotFound,
  isAuthor,
} from '../stories/policy.js';
import { storyViews } from '../stories/views.js';
import { createReaderKeys, utcDay } from './reader-key.js';
import {
  continueReadingPage,
  countRead,
  deleteRead,
  insertRead,
  lockStoryForRead,
  readCounts,
  readingStats,
  saveProgress,
  spendReadBudget,
  writingStats,
} from './repo.js';

/**
 * Visitor reads one address counts per chapter per UTC day, whatever its user agents say: a
 * household's browsers behind one address (docs/decisions/008-read-counting.md).
 */
export const VISITOR_READS_PER_ADDRESS = 3;

type Viewer = UserRow | null;

/** Who is reading: a signed-in user, or a visitor known only by today's keyed hash. */
export interface Reader {
  user: Viewer;
  address: string;
  userAgent: string;
}

/** The first instant of the UTC calendar month of `at`. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function createReadingService({ db }: { db: Db }) {
  const k = db.kysely;
  const readerKeys = createReaderKeys(k);

  return {
    /**
     * Records that `reader` opened `chapter` (docs/decisions/008-read-counting.md). The caller
     * has already checked the chapter is readable to them. A read counts once per signed-in
     * user per chapter, ever, and once per visitor (address + user agent) per chapter per UTC
     * day, at most VISITOR_READS_PER_ADDRESS times per address; the story's author never
     * counts, and neither do private stories or drafts. Counters, trending and the user's
     * position change in one transaction.
     */
    async recordRead(
      story: StoryRow,
      chapter: ChapterRow,
      requestedStoryId: string | undefined,
      reader: Reader,
    ): Promise<ProgressResult> {
      if (requestedStoryId !== undefined && requestedStoryId !== chapter.story_id)
        throw invalidField('story_id', DISCOVERY_MESSAGES.storyIdMismatch);
      const { user } = reader;
      const now = new Date();
      const at = now.toISOString();
      const visitor = user
        ? null
        : await readerKeys.anonymous(reader.address, reader.userAgent, now);
      const readerKey = visitor?.readerKey ?? user!.id;
      return k.transaction().execute(async (trx) => {
        // Read both again under the story's lock: either may have changed since the check.
        const locked = await lockStoryForRead(trx, db.dialect, story.id);
        assertCanRead(user, locked);
        const current = await findChapterById(trx, chapter.id);
        if (!current || current.story_id !== locked.id) throw chapterNotFound();
        assertCanReadChapter(user, locked, current);
        const own = isAuthor(user, locked);
        let counted = false;
        // Only what every visitor may read counts: a public story's published chapter.
        const countable = !own && canReadChapter(null, locked, current);
        if (countable) {
          counted = await insertRead(trx, {
            chapterId: current.id,
            storyId: locked.id,
            readerKey,
            userId: user?.id ?? null,
            at,
          });
          // Inserting first leaves a repeat visit (the common case) at one statement; a new
          // visitor key is taken back when its address has spent today's budget.
          if (counted && visitor) {
            counted = await spendReadBudget(trx, {
              addressKey: visitor.addressKey,
              chapterId: current.id,
              day: visitor.day,
              budget: VISITOR_READS_PER_ADDRESS,
            });
            if (!counted) await deleteRead(trx, current.id, readerKey);
          }
          if (counted) {
            await countRead(trx, db.dialect, locked.id, current.id, at);
            // The Stats view's day (decision 030): a signed-in read counts once per reader per
            // chapter, ever, so it is also that reader reaching the chapter.
            await addChapterRead(trx, {
              chapterId: current.id,
              storyId: locked.id,
              day: utcDay(now),
              firstByReader: user !== null,
            });
          }
        }
        if (user && !own) {
          await saveProgress(trx, {
            userId: user.id,
            storyId: locked.id,
            chapterId: current.id,
            position: current.position,
            at,
          });
        }
        const counts = await readCounts(trx, current.id);
        return {
          counted,
          reads_count: Math.max(0, counts?.chapter ?? 0),
          story_reads_count: Math.max(0, counts?.story ?? 0),
        };
      });
    },

    /** Continue Reading: the user's stories in progress, most recently read first. */
    async continueReading(user: UserRow, query: PageQuery): Promise<Paged<ContinueReading>> {
      const { rows, total } = await continueReadingPage(k, user.id, offsetOf(query), query.limit);
      const stories = await storyViews(k, rows, user);
      const items = rows.map((row, index) => ({
        story: stories[index]!,
        chapter_id: row.progress_chapter_id,
        chapter_order: row.progress_chapter_order,
        chapter_title: row.progress_chapter_title,
        updated_at: row.progress_updated_at,
      }));
      return pageOf(items, total, query);
    },

    /** Your Stats and the Monthly Reading Challenge (calendar month, UTC). */
    async stats(user: UserRow, now = new Date()): Promise<UserStats> {
      const since = monthStart(now);
      const writing = await writingStats(k, user.id);
      const reading = await readingStats(k, user.id, since.toISOString());
      const goal = DISCOVERY.readingChallengeGoal;
      return {
        stories_written: writing.stories,
        public_stories: Math.max(0, user.stories_count),
        total_reads: Math.max(0, writing.reads),
        total_likes: Math.max(0, writing.likes),
        followers_count: Math.max(0, user.followers_count),
        following_count: Math.max(0, user.following_count),
        chapters_read: reading.chapters,
        words_read: reading.words,
        favourite_genre: reading.favouriteGenre,
        reading_challenge: {
          month: since.toISOString().slice(0, 7),
          goal,
          stories_read: reading.monthStories,
          chapters_read: reading.monthChapters,
          completed: reading.monthStories >= goal,
        },
      };
    },
  };
}
export type ReadingService = ReturnType<typeof createReadingService>;
