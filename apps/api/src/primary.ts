import cluster, { type Worker } from 'node:cluster';

/** How long the server processes get to finish their requests after SIGTERM, theirs included. */
const STOP_GRACE_MS = 15_000;
/** A process that dies is replaced after this long, doubled while replacements fail to start. */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;

type Line = (message: string) => void;

/**
 * The primary of `SERVER_PROCESSES` server processes on one port (node:cluster; decision 044).
 * It serves nothing and opens no database: it starts the processes, hands each connection to
 * one of them in turn, replaces one that dies, and stops them all on SIGTERM or SIGINT.
 *
 * The first process starts alone, and the others once it listens: a bad database or a port in
 * use is then found by one process, which says why on stderr (one line, as without a primary),
 * and the primary exits 1 with it. One of the first processes exiting by itself before it
 * listened stops them all the same way. A replacement that cannot start (the database
 * down for a while) is tried again, less often each time, while the others keep serving.
 * Resolves with the exit code once every process has stopped; the caller exits with it.
 */
export function runPrimary(count: number, line: Line = defaultLine): Promise<number> {
  const listened = new WeakSet<Worker>();
  const firsts = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  let restartDelayMs = RESTART_DELAY_MS;

  return new Promise<number>((resolve) => {
    const settleWhenAllGone = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(failed ? 1 : 0);
    };

    const stopAll = () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      const force = setTimeout(() => {
        line('server processes took too long to stop; killing them');
        failed = true;
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      }, STOP_GRACE_MS);
      force.unref();
      settleWhenAllGone();
    };

    cluster.on('listening', (worker) => {
      listened.add(worker);
      restartDelayMs = RESTART_DELAY_MS;
      // The first is up (the database open and migrated): the rest start beside it.
      if (firsts.has(worker) && Object.keys(cluster.workers ?? {}).length === 1) {
        for (let i = 1; i < count; i++) firsts.add(cluster.fork());
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) {
        if (code !== 0 && signal !== 'SIGTERM') failed = true;
        settleWhenAllGone();
        return;
      }
      const how = signal ?? `code ${code}`;
      const couldNotStart = !listened.has(worker) && signal === null;
      if (couldNotStart && firsts.has(worker)) {
        // It said why on stderr.
        failed = true;
        stopAll();
        return;
      }
      line(`server process ${worker.process.pid} exited (${how}); starting another`);
      const delay = restartDelayMs;
      if (couldNotStart) restartDelayMs = Math.min(restartDelayMs * 2, RESTART_DELAY_MAX_MS);
      setTimeout(() => {
        if (!stopping) cluster.fork();
      }, delay);
    });

    const onSignal = () => {
      if (!stopping) stopAll();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);

    firsts.add(cluster.fork());
  });
}

function defaultLine(message: string): void {
  process.stderr.write(`${message}\n`);
}
