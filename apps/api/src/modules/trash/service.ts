import {
  type DeletedItem,
  LIMITS,
  type PageQuery,
  STORY_MESSAGES,
  TRASH_MESSAGES,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, StoryRow } from '../../db/types.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import {
  chapterOrder,
  renumber,
  syncStoryAfterChapterChange,
  updateChapter,
} from '../chapters/repo.js';
import { adjustStoryComments, visibleCount } from '../comments/repo.js';
import type { PublicStoryCounts } from '../discovery/counts.js';
import { adjustStoriesCount, lockStoryEvenDeleted, updateStory } from '../stories/repo.js';
import {
  type DeletedItemRow,
  deletedItemsPage,
  findDeletedItem,
  removeDeletedItem,
} from './repo.js';

/**
 * The author's "Recently deleted": the list, and restoring a story or a chapter whole
 * (docs/decisions/027-recently-deleted.md). Moving things in is the stories' and chapters'
 * own delete (stories/service.ts, chapters/service.ts); the purge is trash/purge.ts.
 */
type Viewer = { id: string };

const notInTrash = () => notFound(TRASH_MESSAGES.notInTrash);
export const restoreStoryFirst = () =>
  new AppError(409, 'conflict', TRASH_MESSAGES.restoreStoryFirst);

function present(row: DeletedItemRow): DeletedItem {
  const isStory = row.kind === 'story';
  return {
    kind: row.kind,
    id: row.item_id,
    story_id: row.story_id,
    title: isStory ? row.story_title : (row.chapter_title ?? ''),
    story_title: row.story_title,
    order: isStory ? null : (row.chapter_position ?? null),
    chapters_count: isStory ? row.chapters_count : null,
    story_deleted: !isStory && row.story_deleted_at !== null,
    deleted_at: row.deleted_at,
    purge_after: row.purge_after,
  };
}

export function createTrashService({
  db,
  storyCounts,
}: {
  db: Db;
  storyCounts: PublicStoryCounts;
}) {
  const k = db.kysely;

  /** The item, if `viewer` deleted it and it is not yet due to go; else a 404 as if missing. */
  const ownItem = async (
    exec: Transaction<Database>,
    viewer: Viewer,
    id: string,
    kind: 'story' | 'chapter',
    now: string,
  ) => {
    const item = isUuid(id) ? await findDeletedItem(exec, id) : undefined;
    if (!item || item.kind !== kind || item.author_id !== viewer.id || item.purge_after <= now)
      throw notInTrash();
    return item;
  };

  return {
    async list(viewer: Viewer, query: PageQuery) {
      const { rows, total } = await deletedItemsPage(k, viewer.id, offsetOf(query), query.limit);
      return pageOf(rows.map(present), total, query);
    },

    /** The story back as it was: its visibility, in every list and count again. */
    async restoreStory(viewer: Viewer, id: string, now = nowIso()): Promise<StoryRow> {
      const after = await k.transaction().execute(async (trx) => {
        await ownItem(trx, viewer, id, 'story', now);
        const story = await lockStoryEvenDeleted(trx, db.dialect, id);
        if (!story || story.deleted_at === null) throw notInTrash();
        const visibility = story.visibility_before_deleted ?? 'private';
        await updateStory(trx, story.id, {
          visibility,
          visibility_before_deleted: null,
          deleted_at: null,
        });
        if (visibility === 'public') await adjustStoriesCount(trx, story.author_id, 1);
        await removeDeletedItem(trx, story.id);
        return { ...story, visibility, visibility_before_deleted: null, deleted_at: null };
      });
      // It was in no public list while in the trash: it comes back as a new one would.
      storyCounts.storyChanged(undefined, after);
      return after;
    },

    /**
     * The chapter back at the position it had (clamped to the story's length), shifting the
     * others, published again if it was, with its comments counted again.
     */
    async restoreChapter(viewer: Viewer, id: string, now = nowIso()): Promise<void> {
      await k.transaction().execute(async (trx) => {
        const item = await ownItem(trx, viewer, id, 'chapter', now);
        const story = await lockStoryEvenDeleted(trx, db.dialect, item.story_id);
        if (!story) throw notInTrash();
        if (story.deleted_at !== null) throw restoreStoryFirst();
        const chapter = await trx
          .selectFrom('chapters')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst();
        if (!chapter || chapter.deleted_at === null) throw notInTrash();
        const order = await chapterOrder(trx, story.id);
        if (order.length >= LIMITS.chaptersPerStory)
          throw badRequest(STORY_MESSAGES.tooManyChapters);
        const position = Math.min(Math.max(chapter.position, 1), order.length + 1);
        order.splice(position - 1, 0, chapter.id);
        const published = chapter.published_before_deleted ?? 0;
        await updateChapter(trx, chapter.id, {
          published,
          published_before_deleted: null,
          deleted_at: null,
        });
        await renumber(trx, story.id, order);
        if (published === 1)
          await adjustStoryComments(trx, story.id, await visibleCount(trx, chapter.id));
        await removeDeletedItem(trx, chapter.id);
        await syncStoryAfterChapterChange(trx, story.id, now);
      });
    },
  };
}
export type TrashService = ReturnType<typeof createTrashService>;
