import type { Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { concurrencyLimit } from '../lib/concurrency.js';
import type { Foreground } from '../lib/foreground.js';
import { nowIso } from '../lib/time.js';

/**
 * Runs a batch's transaction when it may: jobs that would only queue behind one another on the
 * database (notifications all draw from one counter) share a gate of one, so they hold one
 * connection between them and leave the rest, and the time between batches, to requests.
 */
export type Gate = <T>(task: () => Promise<T>) => Promise<T>;
const ungated: Gate = (task) => task();

/**
 * A gate that starts each batch in a lull between this process's requests (or after
 * LULL_MAX_MS under constant load), and with `max`, no more than that many at once.
 */
export function backgroundGate(foreground: Foreground, max?: number): Gate {
  const limit = max === undefined ? ungated : concurrencyLimit(max);
  return (task) =>
    limit(async () => {
      await foreground.lull();
      return task();
    });
}

/** What one batch did: where the next starts, whether that was the last, what to do after. */
export interface BatchResult {
  cursor: string | null;
  done: boolean;
  /** Runs once the batch has committed (say, waking the streams of those it told). */
  afterCommit?: () => void;
}

/**
 * Runs a job's work in batches, each in one transaction with the record of how far the job got
 * (`job_progress`), so the job's effects happen exactly once: a run again after its worker died
 * (the queue runs a job at least once, jobs/worker.ts) starts after the last committed batch,
 * and a finished job does nothing. On PostgreSQL the progress row is locked for the batch, so
 * even a worker still running after losing its lease cannot do a batch twice.
 */
export async function inBatches(
  db: Db,
  jobId: string,
  gate: Gate,
  batch: (trx: Transaction<Database>, cursor: string | null) => Promise<BatchResult>,
): Promise<void> {
  for (;;) {
    const result = await gate(() =>
      db.kysely.transaction().execute(async (trx) => {
        const now = nowIso();
        await trx
          .insertInto('job_progress')
          .values({ job_id: jobId, cursor: null, done_at: null, updated_at: now })
          .onConflict((oc) => oc.column('job_id').doNothing())
          .execute();
        const query = trx.selectFrom('job_progress').selectAll().where('job_id', '=', jobId);
        const progress = await (db.dialect === 'postgres'
          ? query.forUpdate()
          : query
        ).executeTakeFirstOrThrow();
        if (progress.done_at !== null) return null;
        const outcome = await batch(trx, progress.cursor);
        await trx
          .updateTable('job_progress')
          .set({ cursor: outcome.cursor, done_at: outcome.done ? now : null, updated_at: now })
          .where('job_id', '=', jobId)
          .execute();
        return outcome;
      }),
    );
    if (result === null) return;
    result.afterCommit?.();
    if (result.done) return;
  }
}
