import { HOUR } from '../lib/time.js';
import type { WorkerLog } from './worker.js';

/** A periodic job's scheduling: idempotent, so every process may run it (mail.ts, for one). */
export type ScheduleTask = () => Promise<unknown>;

export interface Scheduler {
  start(): void;
  stop(): void;
}

/**
 * Runs each task at start and every `everyMs` after. The tasks only enqueue (once per period,
 * whichever process gets there first); the workers run what they enqueue.
 */
export function createScheduler(
  tasks: ScheduleTask[],
  log: WorkerLog,
  everyMs: number = HOUR,
): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  const runAll = () => {
    for (const task of tasks) {
      task().catch((error) => log.warn({ err: error }, 'could not schedule a periodic job'));
    }
  };
  return {
    start() {
      if (timer) return;
      runAll();
      timer = setInterval(runAll, everyMs).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
