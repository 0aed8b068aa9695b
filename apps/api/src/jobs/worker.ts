import { hostname } from 'node:os';
import type { Updateable } from 'kysely';
import type { Db } from '../db/index.js';
import type { JobRow, JobsTable } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { HOUR, nowIso } from '../lib/time.js';
import type { JobHandlers, JobInfo } from './queue.js';

/** The logger methods a worker uses (Fastify's logger has them). */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WorkerOptions {
  db: Db;
  handlers: JobHandlers;
  log: WorkerLog;
  /** Written to `locked_by`; host, process and a random part by default. */
  workerId?: string;
  /** How often to look for due jobs when not poked: other processes' jobs, retries. */
  pollMs?: number;
  /**
   * How long a claimed job stays this worker's. It is renewed while the job runs, so only a
   * worker that died (or cannot reach the database) loses it; another then takes the job.
   */
  leaseMs?: number;
  /** At most this many jobs run at once in this worker. */
  batch?: number;
  /** Runs before a job is given up (failed_at set and an error logged). */
  maxAttempts?: number;
  /** How long to wait before running a job again after its `attempts`-th run failed. */
  retryDelayMs?: (attempts: number) => number;
  /** How long stop() waits for running jobs; a job still running is taken over later. */
  stopTimeoutMs?: number;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Looks for due jobs now (call it once a transaction that enqueued one has committed). */
  poke(): void;
  /** Stops claiming and waits, up to stopTimeoutMs, for the running jobs. */
  stop(): Promise<void>;
  /** Deletes jobs done more than a week ago; returns how many. Runs hourly by itself. */
  purge(): Promise<number>;
}

const DEFAULTS = {
  pollMs: 1_000,
  leaseMs: 15_000,
  batch: 10,
  maxAttempts: 10,
  stopTimeoutMs: 5_000,
};
/** 10 s, 20 s, 40 s … up to an hour, with jitter so retries of a burst spread out. */
const defaultRetryDelay = (attempts: number) =>
  Math.min(HOUR, 10_000 * 2 ** (attempts - 1)) * (0.75 + Math.random() * 0.5);
/** While the database cannot be reached, claims are retried no less often than this. */
const MAX_OUTAGE_DELAY_MS = 30_000;
const KEEP_DONE_MS = 7 * 24 * HOUR;
const ERROR_MAX_LENGTH = 2_000;
/** Attempts at recording a job's outcome before leaving it to its lease. */
const RECORD_TRIES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, ERROR_MAX_LENGTH);

/**
 * A worker of the durable job queue (docs/decisions/017-background-jobs.md). Every API process
 * runs one; they share the `jobs` table. A job is claimed by one update that sets its lease and
 * counts the attempt (PostgreSQL skips rows other workers are claiming; SQLite has one writer
 * at a time), so no two workers hold a job at once. A job is marked done only by the worker
 * still holding it; a job whose worker died is taken again once its lease is over.
 */
export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const batch = options.batch ?? DEFAULTS.batch;
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const stopTimeoutMs = options.stopTimeoutMs ?? DEFAULTS.stopTimeoutMs;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${newId().slice(-8)}`;
  const kinds = Object.keys(handlers);
  const k = db.kysely;

  let state: 'new' | 'running' | 'stopping' | 'stopped' = 'new';
  const running = new Map<string, Promise<void>>();
  let claiming: Promise<void> | undefined;
  let pokedWhileClaiming = false;
  let outageFailures = 0;
  let pollTimer: NodeJS.Timeout | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let purgeTimer: NodeJS.Timeout | undefined;

  async function claim(limit: number): Promise<JobRow[]> {
    if (kinds.length === 0) return [];
    const now = nowIso();
    const due = k
      .selectFrom('jobs')
      .select('id')
      .where('done_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .where('kind', 'in', kinds)
      .orderBy('run_at')
      .limit(limit)
      .$if(db.dialect === 'postgres', (q) => q.forUpdate().skipLocked());
    const jobs = await k
      .updateTable('jobs')
      .set((eb) => ({
        locked_by: id,
        locked_until: later(leaseMs),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return jobs.sort((a, b) => (a.run_at < b.run_at ? -1 : 1));
  }

  /** Claims as many jobs as there are free places, then waits for a poke or the next poll. */
  function fill(): void {
    if (state !== 'running') return;
    if (claiming) {
      pokedWhileClaiming = true;
      return;
    }
    const free = batch - running.size;
    if (free <= 0) return; // each job that ends fills again
    clearTimeout(pollTimer);
    claiming = (async () => {
      let delay = pollMs;
      try {
        const jobs = await claim(free);
        if (outageFailures > 0) log.info({ workerId: id }, 'job queue reachable again');
        outageFailures = 0;
        for (const job of jobs) begin(job);
        // A full claim may have left more due jobs behind.
        if (jobs.length === free || pokedWhileClaiming) delay = 0;
      } catch (error) {
        outageFailures += 1;
        delay = Math.min(MAX_OUTAGE_DELAY_MS, pollMs * 2 ** outageFailures);
        log.warn({ err: error, workerId: id, retryInMs: delay }, 'job queue unreachable');
      } finally {
        pokedWhileClaiming = false;
        claiming = undefined;
      }
      if (state === 'running') pollTimer = setTimeout(fill, delay).unref();
    })();
  }

  function begin(job: JobRow): void {
    const done = perform(job)
      .catch((error) => log.error({ err: error, jobId: job.id }, 'job worker error'))
      .finally(() => {
        running.delete(job.id);
        fill();
      });
    running.set(job.id, done);
  }

  async function perform(job: JobRow): Promise<void> {
    const handler = handlers[job.kind]!;
    const info: JobInfo = { id: job.id, kind: job.kind, attempts: job.attempts };
    if (job.attempts > maxAttempts) {
      // Its worker died during the last attempt it had.
      await giveUp(job, job.last_error ?? 'the worker running its last attempt stopped');
      return;
    }
    let payload: unknown;
    try {
      payload = handler.schema.parse(JSON.parse(job.payload));
    } catch (error) {
      // Running it again cannot help.
      await giveUp(job, `invalid payload: ${errorText(error)}`);
      return;
    }
    try {
      await handler.run(payload, info);
    } catch (error) {
      if (job.attempts >= maxAttempts) await giveUp(job, errorText(error));
      else await retryLater(job, error);
      return;
    }
    // A finished job keeps no payload: a mail's carries a one-time link.
    await record(job, { done_at: nowIso(), locked_until: null, payload: '{}' });
  }

  async function retryLater(job: JobRow, error: unknown): Promise<void> {
    const delay = Math.round(retryDelayMs(job.attempts));
    log.warn(
      { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay },
      'job failed; it will run again',
    );
    await record(job, {
      run_at: later(delay),
      last_error: errorText(error),
      locked_by: null,
      locked_until: null,
    });
  }

  async function giveUp(job: JobRow, reason: string): Promise<void> {
    log.error(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, reason },
      'job failed for good',
    );
    const now = nowIso();
    await record(job, { done_at: now, failed_at: now, last_error: reason, locked_until: null });
  }

  /**
   * Writes a job's outcome if this worker still holds it. When the database cannot be reached,
   * the job keeps its lease and is run again after it (at least once, never lost).
   */
  async function record(job: JobRow, changes: Updateable<JobsTable>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await k
          .updateTable('jobs')
          .set(changes)
          .where('id', '=', job.id)
          .where('locked_by', '=', id)
          .where('done_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          log.warn({ jobId: job.id, kind: job.kind }, 'job was taken over before it ended');
        }
        return;
      } catch (error) {
        if (attempt >= RECORD_TRIES) {
          log.warn({ err: error, jobId: job.id }, 'could not record a job; it runs again later');
          return;
        }
        await sleep(500 * attempt);
      }
    }
  }

  /** Keeps the leases of running jobs, so a slow job is not taken over while it runs. */
  async function renew(): Promise<void> {
    if (running.size === 0) return;
    try {
      await k
        .updateTable('jobs')
        .set({ locked_until: later(leaseMs) })
        .where('id', 'in', [...running.keys()])
        .where('locked_by', '=', id)
        .where('done_at', 'is', null)
        .execute();
    } catch (error) {
      log.warn({ err: error, workerId: id }, 'could not renew job leases');
    }
  }

  async function purge(): Promise<number> {
    const result = await k
      .deleteFrom('jobs')
      .where('done_at', '<', new Date(Date.now() - KEEP_DONE_MS).toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  function purgeInBackground(): void {
    purge().catch((error) => log.warn({ err: error }, 'could not delete old done jobs'));
  }

  return {
    id,
    start() {
      if (state !== 'new') return;
      state = 'running';
      renewTimer = setInterval(() => void renew(), Math.max(100, leaseMs / 3)).unref();
      purgeTimer = setInterval(purgeInBackground, HOUR).unref();
      purgeInBackground();
      fill();
    },
    poke: fill,
    async stop() {
      if (state === 'new') state = 'stopped';
      if (state !== 'running') return;
      state = 'stopping';
      clearTimeout(pollTimer);
      clearInterval(purgeTimer);
      let timer: NodeJS.Timeout | undefined;
      const finished = (async () => {
        await claiming;
        await Promise.allSettled([...running.values()]);
        return true;
      })();
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), stopTimeoutMs);
      });
      const allEnded = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      clearInterval(renewTimer);
      state = 'stopped';
      if (!allEnded) {
        log.warn(
          { workerId: id, running: running.size },
          'stopped with jobs still running; another worker takes them after their lease',
        );
      }
    },
    purge,
  };
}
