import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { JobPayloads } from './kinds.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** What a handler is told about the job it runs. */
export interface JobInfo {
  id: string;
  kind: string;
  /** 1 on the first run; a retry, or a run after a worker died, counts up. */
  attempts: number;
}

/**
 * How one kind of job runs: the schema its payload is checked against, then the handler. A
 * handler may run more than once for one job (its worker killed after the work but before the
 * job was marked done), so it keys whatever it leaves behind by `job.id`.
 */
export interface JobHandler<T = unknown> {
  schema: z.ZodType<T>;
  run(payload: T, job: JobInfo): Promise<void>;
}

/** Handlers by kind: what a worker runs. */
export type JobHandlers = Record<string, JobHandler>;

export const defineJob = <T>(
  schema: z.ZodType<T>,
  run: (payload: T, job: JobInfo) => Promise<void>,
): JobHandler<T> => ({ schema, run });

export interface NewJob<Kind extends string, Payload> {
  kind: Kind;
  payload: Payload;
  /** Not before this time; now when left out. */
  runAt?: Date;
  /** The job's id, when the caller records it elsewhere first; a new one when left out. */
  id?: string;
}

/**
 * Adds a job and returns its id. Pass the caller's transaction to commit the job with the data
 * it is about (or not at all), then `poke()` the worker once it has committed, so the job runs
 * at once rather than at the next poll. Payloads are typed by kind (jobs/kinds.ts); tests
 * name their own kinds with the first type argument.
 */
export async function enqueue<
  Payloads extends object = JobPayloads,
  Kind extends keyof Payloads & string = keyof Payloads & string,
>(db: Exec, job: NewJob<Kind, Payloads[Kind]>): Promise<string> {
  const id = job.id ?? newId();
  const now = nowIso();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      run_at: job.runAt?.toISOString() ?? now,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * Enqueues a periodic job once per `period` across every process: its `scheduled_runs` row
 * (named by its kind) and the job are inserted together, or not at all, so processes racing to
 * schedule the same period leave one job. True when this call enqueued it.
 */
export async function enqueueOnce<Kind extends keyof JobPayloads & string>(
  db: Kysely<Database>,
  period: string,
  job: Omit<NewJob<Kind, JobPayloads[Kind]>, 'id'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const id = newId();
    const claimed = await trx
      .insertInto('scheduled_runs')
      .values({ name: job.kind, period, job_id: id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
      .returning('period')
      .execute();
    if (claimed.length === 0) return false;
    await enqueue(trx, { ...job, id } as NewJob<Kind, JobPayloads[Kind]>);
    return true;
  });
}
