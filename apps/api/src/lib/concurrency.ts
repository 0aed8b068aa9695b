/**
 * Runs at most `max` tasks at once; the rest wait their turn in arrival order. For work whose
 * cost is memory or a scarce pool rather than time (password hashing: 19 MiB and a libuv
 * thread each).
 */
export function concurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`concurrencyLimit: bad max ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
