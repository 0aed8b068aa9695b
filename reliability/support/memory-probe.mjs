// Loaded into the server under test only (node --expose-gc --import this): on SIGUSR2 it runs
// a full garbage collection and prints the memory left, so a soak compares retained memory
// instead of a sawtooth of not-yet-collected garbage. It also reports the longest the event
// loop was blocked since the previous report.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 20 });
loop.enable();

process.on('SIGUSR2', () => {
  const loopDelayMaxMs = Math.round(loop.max / 1e6);
  loop.reset();
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  const report = JSON.stringify({ rss, heapUsed, external, loopDelayMaxMs });
  process.stderr.write(`STORYLOOM_MEMORY ${report}\n`);
});
