/**
 * The requests this process is answering, so that background work can go in the gaps between
 * them (jobs/progress.ts). On SQLite every query waits for the one connection: a batch of a
 * fan-out that starts while a request is between two of its queries makes each later query of
 * that request wait for the whole batch, and a publish of eight queries waited for eight.
 */
export interface Foreground {
  /** A request has begun; call what this answers, once, when it has ended. */
  enter(): () => void;
  /** Requests in flight now. */
  readonly busy: number;
  /**
   * Resolves, after at least one turn of the event loop, as soon as no request is in flight,
   * or after `maxMs` whatever happens, so that background work still moves under constant load.
   */
  lull(maxMs?: number): Promise<void>;
}

/** By default background work waits at most this long for a lull. */
export const LULL_MAX_MS = 50;

export function createForeground(defaultMaxMs = LULL_MAX_MS): Foreground {
  let busy = 0;
  const waiting = new Set<() => void>();

  return {
    get busy() {
      return busy;
    },

    enter() {
      busy += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        busy -= 1;
        if (busy > 0) return;
        for (const wake of [...waiting]) wake();
      };
    },

    lull(maxMs = defaultMaxMs) {
      // Always after a turn of the event loop: requests that arrived meanwhile are read (and
      // counted) first. Without it, work queued behind a gate would start batch after batch
      // in one turn, and no request would be read until all of them had run.
      return new Promise<void>((resolve) => {
        setImmediate(() => {
          if (busy === 0) return resolve();
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, maxMs);
          waiting.add(wake);
        });
      });
    },
  };
}
