import { HOUR } from '../lib/time.js';
import type { WorkerLog } from './worker.js';

/** A periodic job's scheduling: idempotent, so every process may run it (mail.ts, for one). */
export type ScheduleTask = () => Promise<unknown>;

/** A task, run every hour, or with how often to run it. */
export type Scheduled = ScheduleTask | { task: ScheduleTask; everyMs: number };

export interface Scheduler {
  start(): void;
  stop(): void;
}

/**
 * Runs each task at start and every `everyMs` after (an hour unless the task says). The tasks
 * only enqueue or apply what is due (once per period, whichever process gets there first); the
 * workers run what they enqueue.
 */
export function createScheduler(
  tasks: Scheduled[],
  log: WorkerLog,
  everyMs: number = HOUR,
): Scheduler {
  let timers: NodeJS.Timeout[] = [];
  const run = (task: ScheduleTask) =>
    task().catch((error) => log.warn({ err: error }, 'could not schedule a periodic job'));
  return {
    start() {
      if (timers.length > 0) return;
      for (const entry of tasks) {
        const { task, everyMs: every } =
          typeof entry === 'function' ? { task: entry, everyMs } : entry;
        void run(task);
        timers.push(setInterval(() => void run(task), every).unref());
      }
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}
