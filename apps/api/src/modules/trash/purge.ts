import type { Db } from '../../db/index.js';
import { type Gate, inBatches } from '../../jobs/progress.js';
import { enqueueOnce, type JobInfo } from '../../jobs/queue.js';
import type { CoverStore } from '../media/covers.js';

/**
 * Deleting for good what has been in "Recently deleted" for TRASH_DAYS
 * (docs/decisions/027-recently-deleted.md). Every process schedules one `trash-purge` job an
 * hour (`scheduled_runs` makes it one across processes); the job deletes the items due by its
 * `before` time in batches, each batch one transaction with the job's progress
 * (jobs/progress.ts), so a worker killed at any point resumes without repeating or skipping.
 * A batch selects only rows still in the trash, so running it twice changes nothing.
 */
export const PURGE_BATCH = 50;

/** This hour's purge, enqueued once across all processes; true when this call enqueued it. */
export function scheduleTrashPurge(db: Db, now = new Date()): Promise<boolean> {
  return enqueueOnce(db.kysely, now.toISOString().slice(0, 13), {
    kind: 'trash-purge',
    payload: { before: now.toISOString() },
  });
}

export function trashPurgeJob({
  db,
  covers,
  gate,
  batchSize = PURGE_BATCH,
}: {
  db: Db;
  covers: Pick<CoverStore, 'remove'>;
  /** When a batch may run (jobs/kinds.ts). */
  gate: Gate;
  batchSize?: number;
}) {
  return ({ before }: { before: string }, job: JobInfo): Promise<void> =>
    inBatches(db, job.id, gate, async (trx) => {
      const due = await trx
        .selectFrom('deleted_items')
        .select(['item_id', 'kind', 'story_id'])
        .where('purge_after', '<=', before)
        .orderBy('purge_after')
        .orderBy('item_id')
        .limit(batchSize)
        .execute();
      // Lock the stories first, as every story and chapter write does: a restore racing the
      // purge waits, then finds the item gone (a restore is refused once it is due).
      const storyIds = [...new Set(due.map((item) => item.story_id))].sort();
      if (db.dialect === 'postgres' && storyIds.length > 0)
        await trx
          .selectFrom('stories')
          .select('id')
          .where('id', 'in', storyIds)
          .forUpdate()
          .execute();
      const stories = due.filter((item) => item.kind === 'story').map((item) => item.item_id);
      const chapters = due.filter((item) => item.kind === 'chapter').map((item) => item.item_id);
      if (stories.length > 0) {
        const withCovers = await trx
          .selectFrom('stories')
          .select('cover_image')
          .where('id', 'in', stories)
          .where('deleted_at', 'is not', null)
          .where('cover_image', 'is not', null)
          .execute();
        // The files first: a crash before the commit leaves the rows to the next run, which
        // finds the files already gone. A due item can no longer be restored, so nothing
        // anyone sees loses its cover.
        for (const { cover_image } of withCovers) await covers.remove(cover_image);
        // Chapters, comments, likes, reads, saves, tags, revisions and the trash rows of its
        // chapters go with it (ON DELETE CASCADE).
        await trx
          .deleteFrom('stories')
          .where('id', 'in', stories)
          .where('deleted_at', 'is not', null)
          .execute();
      }
      if (chapters.length > 0)
        await trx
          .deleteFrom('chapters')
          .where('id', 'in', chapters)
          .where('deleted_at', 'is not', null)
          .execute();
      if (due.length > 0)
        await trx
          .deleteFrom('deleted_items')
          .where(
            'item_id',
            'in',
            due.map((item) => item.item_id),
          )
          .execute();
      return { cursor: null, done: due.length < batchSize };
    });
}
