import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { type Gate, inBatches } from '../../jobs/progress.js';
import { enqueueOnce, type JobInfo } from '../../jobs/queue.js';
import { DAY } from '../../lib/time.js';

/** Every revision of the last this many days is kept; older ones, the last of each day. */
export const KEEP_EVERY_REVISION_DAYS = 30;
/** Chapters looked at per transaction. */
const PRUNE_CHAPTERS_PER_BATCH = 200;
/** Ids per delete statement (well under SQLite's bound-parameter limit). */
const DELETE_CHUNK = 500;

/** Revisions made before this are pruned to one a day. */
export const pruneCutoff = (now: Date): string =>
  new Date(now.getTime() - KEEP_EVERY_REVISION_DAYS * DAY).toISOString();

type OldRevision = { id: string; chapter_id: string; created_at: string };

/**
 * Of revisions made before the cutoff, the ones to delete: all but the last of each chapter's
 * UTC day (latest `created_at`, then highest id, the order the history lists them in). The
 * choice depends only on the old revisions themselves, so running it again deletes nothing more.
 */
export function revisionsToPrune(old: OldRevision[]): string[] {
  const last = new Map<string, OldRevision>();
  for (const revision of old) {
    const key = `${revision.chapter_id} ${revision.created_at.slice(0, 10)}`;
    const kept = last.get(key);
    if (
      !kept ||
      revision.created_at > kept.created_at ||
      (revision.created_at === kept.created_at && revision.id > kept.id)
    )
      last.set(key, revision);
  }
  const keep = new Set([...last.values()].map((revision) => revision.id));
  return old.filter((revision) => !keep.has(revision.id)).map((revision) => revision.id);
}

/**
 * One batch of pruning: the next chapters after `cursor` (in id order) and their revisions from
 * before `cutoff`. Answers how many it deleted and where the next batch starts.
 */
export async function pruneBatch(
  trx: Transaction<Database>,
  cutoff: string,
  cursor: string | null,
  chaptersPerBatch = PRUNE_CHAPTERS_PER_BATCH,
): Promise<{ cursor: string | null; done: boolean; deleted: number }> {
  const chapters = await trx
    .selectFrom('chapters')
    .select('id')
    .$if(cursor !== null, (q) => q.where('id', '>', cursor!))
    .orderBy('id')
    .limit(chaptersPerBatch)
    .execute();
  let deleted = 0;
  if (chapters.length > 0) {
    const old = await trx
      .selectFrom('chapter_revisions')
      .select(['id', 'chapter_id', 'created_at'])
      .where(
        'chapter_id',
        'in',
        chapters.map((chapter) => chapter.id),
      )
      .where('created_at', '<', cutoff)
      .execute();
    const doomed = revisionsToPrune(old);
    for (let i = 0; i < doomed.length; i += DELETE_CHUNK) {
      const ids = doomed.slice(i, i + DELETE_CHUNK);
      const result = await trx.deleteFrom('chapter_revisions').where('id', 'in', ids).execute();
      deleted += Number(result[0]?.numDeletedRows ?? 0);
    }
  }
  const done = chapters.length < chaptersPerBatch;
  return { cursor: chapters.at(-1)?.id ?? cursor, done, deleted };
}

/**
 * The `revisions-prune` job: every chapter's revisions from before `cutoff` thinned to one a
 * day, in batches that each commit with the job's progress (jobs/progress.ts), so a run killed
 * at any moment resumes after the last committed batch and a batch is never done twice; and if
 * it were, it would delete nothing more.
 */
export function pruneRevisionsJob({ db, gate }: { db: Db; gate: Gate }) {
  return ({ cutoff }: { cutoff: string }, job: JobInfo): Promise<void> =>
    inBatches(db, job.id, gate, async (trx, cursor) => {
      const { deleted: _deleted, ...progress } = await pruneBatch(trx, cutoff, cursor);
      return progress;
    });
}

/**
 * Makes sure today's pruning is scheduled, once across all processes (its `scheduled_runs` row
 * and its job are inserted together). Every process calls this at start and hourly (services.ts).
 */
export function scheduleRevisionPruning(db: Db, now = new Date()): Promise<boolean> {
  return enqueueOnce(db.kysely, now.toISOString().slice(0, 10), {
    kind: 'revisions-prune',
    payload: { cutoff: pruneCutoff(now) },
  });
}
