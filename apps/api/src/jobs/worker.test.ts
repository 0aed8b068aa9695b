import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/index.js';
import { createTestDb, type TestDb } from '../test/db.js';
import {
  countingHandler,
  enqueueCount,
  recordingLog,
  secondConnection,
  sleep,
  waitFor,
} from '../test/jobs.js';
import { createWorker, type Worker, type WorkerOptions } from './worker.js';

let t: TestDb;
let db: Db;
const workers: Worker[] = [];
const extraDbs: Db[] = [];

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(extraDbs.splice(0).map((d) => d.close()));
  await db.kysely.deleteFrom('jobs').execute();
});
afterAll(() => t.cleanup());

function worker(options: Partial<WorkerOptions> & Pick<WorkerOptions, 'handlers'>) {
  const w = createWorker({ db, log: recordingLog(), pollMs: 20, ...options });
  workers.push(w);
  return w;
}

const job = (id: string) =>
  db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const undone = async () =>
  Number(
    (
      await db.kysely
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the job worker', () => {
  it('runs a job once, with its id, and keeps no payload once it is done', async () => {
    const count = countingHandler();
    const w = worker({ handlers: { count }, pollMs: 60_000 });
    w.start();
    const id = await enqueueCount(db, 7);
    w.poke();
    await waitFor(async () => (await job(id)).done_at !== null, 2_000);
    await sleep(100);
    expect(count.calls).toEqual([{ id, kind: 'count', attempts: 1 }]);
    const row = await job(id);
    expect(row).toMatchObject({ attempts: 1, failed_at: null, last_error: null, payload: '{}' });
    expect(row.locked_by).toBe(w.id);
  });

  it('waits for a job until its run_at', async () => {
    const count = countingHandler();
    worker({ handlers: { count } }).start();
    const id = await enqueueCount(db, 1, new Date(Date.now() + 400));
    await sleep(200);
    expect(count.runs.get(id)).toBeUndefined();
    await waitFor(() => count.runs.get(id) === 1, 3_000);
  });

  it('never runs a job twice with two workers on one database (two connections)', async () => {
    const other = secondConnection(t);
    extraDbs.push(other);
    const count = countingHandler(() => sleep(Math.random() * 3));
    const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => enqueueCount(db, i)));
    const a = worker({ handlers: { count }, batch: 5, workerId: 'a' });
    const b = worker({ handlers: { count }, batch: 5, workerId: 'b', db: other });
    a.start();
    b.start();
    await waitFor(async () => (await undone()) === 0, 20_000);
    expect([...count.runs.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(count.runs.keys())).toEqual(new Set(ids));
    const byWorker = await db.kysely
      .selectFrom('jobs')
      .select(['locked_by', (eb) => eb.fn.countAll().as('n')])
      .groupBy('locked_by')
      .execute();
    // Both took part, each job was claimed once.
    expect(byWorker.map((r) => r.locked_by).sort()).toEqual(['a', 'b']);
    const attempts = await db.kysely.selectFrom('jobs').select('attempts').distinct().execute();
    expect(attempts).toEqual([{ attempts: 1 }]);
  });

  it('retries a failing job later, then gives it up after its last attempt', async () => {
    const count = countingHandler(async () => {
      throw new Error('SMTP said no');
    });
    const log = recordingLog();
    const delays: number[] = [];
    const w = worker({
      handlers: { count },
      log,
      maxAttempts: 3,
      retryDelayMs: (attempts) => {
        delays.push(attempts);
        return 150 * attempts;
      },
    });
    w.start();
    const id = await enqueueCount(db, 1);
    await waitFor(async () => (await job(id)).done_at !== null, 5_000);
    const row = await job(id);
    expect(row.attempts).toBe(3);
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toBe('SMTP said no');
    expect(count.runs.get(id)).toBe(3);
    expect(delays).toEqual([1, 2]);
    expect(count.calls.map((c) => c.attempts)).toEqual([1, 2, 3]);
    expect(
      log.entries.filter((e) => e.level === 'warn' && e.message.includes('again')),
    ).toHaveLength(2);
    expect(log.entries.filter((e) => e.level === 'error')).toMatchObject([
      { message: 'job failed for good', details: { jobId: id, attempts: 3 } },
    ]);
  });

  it('spaces the retries by the delay', async () => {
    const times: number[] = [];
    const count = countingHandler(async () => {
      times.push(Date.now());
      if (times.length < 3) throw new Error('not yet');
    });
    worker({ handlers: { count }, retryDelayMs: (attempts) => 200 * attempts }).start();
    const id = await enqueueCount(db, 1);
    await waitFor(async () => (await job(id)).done_at !== null, 5_000);
    const row = await job(id);
    expect(row.failed_at).toBeNull();
    expect(row.last_error).toBe('not yet');
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(190);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(390);
  });

  it('gives up at once on a payload its kind does not accept', async () => {
    // The payload is spoiled before any worker runs, so none can claim it first.
    const id = await enqueueCount(db, 1);
    await db.kysely
      .updateTable('jobs')
      .set({ payload: '{"n":"x"}' })
      .where('id', '=', id)
      .execute();
    const count = countingHandler();
    worker({ handlers: { count } }).start();
    await waitFor(async () => (await job(id)).done_at !== null, 3_000);
    expect((await job(id)).failed_at).not.toBeNull();
    expect(count.runs.size).toBe(0);
  });

  it('takes over a job whose worker died, once its lease is over', async () => {
    const id = await enqueueCount(db, 1);
    // A worker claimed it, then was killed: nobody renews its lease.
    await db.kysely
      .updateTable('jobs')
      .set({
        locked_by: 'dead',
        locked_until: new Date(Date.now() + 500).toISOString(),
        attempts: 1,
      })
      .where('id', '=', id)
      .execute();
    const count = countingHandler();
    const w = worker({ handlers: { count } });
    w.start();
    await sleep(300);
    expect(count.runs.size).toBe(0);
    await waitFor(() => count.runs.get(id) === 1, 3_000);
    await waitFor(async () => (await job(id)).done_at !== null, 2_000);
    expect(await job(id)).toMatchObject({ attempts: 2, locked_by: w.id });
  });

  it('keeps renewing the lease of a slow job, so no one else takes it', async () => {
    const other = secondConnection(t);
    extraDbs.push(other);
    // The job outlasts its lease three times over; renewed every 200 ms, the lease keeps 400 ms
    // of slack for a busy machine's late timers (with 150 ms it had 50 and failed under load).
    const count = countingHandler(() => sleep(1_800));
    const a = worker({ handlers: { count }, leaseMs: 600, workerId: 'a' });
    a.start();
    const id = await enqueueCount(db, 1);
    a.poke();
    await waitFor(() => count.runs.get(id) === 1, 2_000);
    worker({ handlers: { count }, leaseMs: 600, workerId: 'b', db: other }).start();
    await waitFor(async () => (await job(id)).done_at !== null, 5_000);
    expect(count.runs.get(id)).toBe(1);
    expect((await job(id)).locked_by).toBe('a');
  });

  it('stops claiming at stop() and waits for running jobs, within its bound', async () => {
    let release: (() => void) | undefined;
    const count = countingHandler(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const log = recordingLog();
    const w = worker({ handlers: { count }, log, stopTimeoutMs: 150 });
    w.start();
    const first = await enqueueCount(db, 1);
    await waitFor(() => count.runs.get(first) === 1, 2_000);
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(log.entries.some((e) => e.message.startsWith('stopped with jobs still running'))).toBe(
      true,
    );
    // Stopped: a new job is left for another worker.
    const second = await enqueueCount(db, 2);
    w.poke();
    await sleep(100);
    expect(count.runs.get(second)).toBeUndefined();
    release?.();
  });

  it('keeps running while the database cannot be reached, and stops cleanly', async () => {
    const unreachable = createDb({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    extraDbs.push(unreachable);
    const log = recordingLog();
    const w = worker({ handlers: { count: countingHandler() }, log, db: unreachable });
    w.start();
    await waitFor(
      () => log.entries.filter((e) => e.message === 'job queue unreachable').length >= 2,
    );
    const [first, second] = log.entries.filter((e) => e.message === 'job queue unreachable');
    // Backs off: the second try waits longer than the first.
    expect((second!.details as { retryInMs: number }).retryInMs).toBeGreaterThan(
      (first!.details as { retryInMs: number }).retryInMs,
    );
    await w.stop();
  });

  it('deletes jobs done more than a week ago', async () => {
    const old = await enqueueCount(db, 1);
    const recent = await enqueueCount(db, 2);
    const pending = await enqueueCount(db, 3);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await db.kysely
      .updateTable('jobs')
      .set({ done_at: daysAgo(8) })
      .where('id', '=', old)
      .execute();
    await db.kysely
      .updateTable('jobs')
      .set({ done_at: daysAgo(6) })
      .where('id', '=', recent)
      .execute();
    const w = worker({ handlers: {} });
    expect(await w.purge()).toBe(1);
    const left = await db.kysely.selectFrom('jobs').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([recent, pending].sort());
  });
});
