import { join } from 'node:path';
import { z } from 'zod';
import { createDb, type Db } from '../db/index.js';
import { enqueue, type JobHandler, type JobInfo } from '../jobs/queue.js';
import type { WorkerLog } from '../jobs/worker.js';
import type { TestDb } from './db.js';

/** The kinds the queue's tests enqueue. */
export interface TestJobs {
  count: { n: number };
}

export const countPayload = z.object({ n: z.number() });

export const enqueueCount = (db: Db, n: number, runAt?: Date) =>
  enqueue<TestJobs>(db.kysely, { kind: 'count', payload: { n }, runAt });

/** A `count` handler that remembers every run, by job id, and can be told to fail. */
export function countingHandler(
  behaviour: (job: JobInfo) => Promise<unknown> = async () => {},
): JobHandler<{ n: number }> & { runs: Map<string, number>; calls: JobInfo[] } {
  const runs = new Map<string, number>();
  const calls: JobInfo[] = [];
  return {
    runs,
    calls,
    schema: countPayload,
    async run(_payload, job) {
      calls.push(job);
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await behaviour(job);
    },
  };
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  details: object;
}

export function recordingLog(): WorkerLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (details: object, message: string) => {
    entries.push({ level, message, details });
  };
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/** A second connection to a test database, as another server process would have. */
export function secondConnection(testDb: TestDb): Db {
  return testDb.db.dialect === 'postgres'
    ? createDb({ kind: 'postgres', url: testDb.location })
    : createDb({ kind: 'sqlite', file: join(testDb.location, 'test.db') });
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until every job due within `aheadMs` from now has run (an app's worker runs them): what
 * an API test waits for before it reads what the worker writes.
 */
export const dueJobsDone = (db: Db, aheadMs = 0) =>
  waitFor(async () => {
    const pending = await db.kysely
      .selectFrom('jobs')
      .select('id')
      .where('done_at', 'is', null)
      .where('run_at', '<=', new Date(Date.now() + aheadMs).toISOString())
      .execute();
    return pending.length === 0;
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
