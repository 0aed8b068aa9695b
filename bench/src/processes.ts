import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { freePort } from '../../apps/api/src/test/ports.js';
import { childrenOf } from '../../apps/api/src/test/processes.js';
import { type Library, serverEnv } from './library.js';
import type { StartCommand } from './start-command.js';

/** Redis for several server processes (--processes), unless BENCH_REDIS_URL says elsewhere. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** After the last of several processes is started, before the first request: its start-up. */
const PROCESSES_SETTLE_MS = 5_000;

/** A fixed key, so tokens stay valid across the run; never used outside the bench. */
export const JWT_SECRET = 'storyloom-bench-secret-not-for-production-use';
/** The highest factor the server accepts: rate limits must not shape the figures. */
const RATE_LIMIT_FACTOR = '1000';

export interface Child {
  origin: string;
  pid: number;
  /** The last 4000 characters it wrote to stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

/** Keeps the last lines a child wrote, for the error when it fails. */
function capture(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output.trim();
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

async function waitUntil(
  child: ChildProcess,
  output: () => string,
  ready: () => Promise<boolean>,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopper(child)();
  throw new Error(`${what} did not become ready in 60 s:\n${output()}`);
}

/**
 * The real server, as `npm start` runs it (its environment and Node's flags, from package.json,
 * unless the caller replaced the flags), with the mode's `env`, on a free loopback port;
 * resolves once healthy. With `processes` above 1, SERVER_PROCESSES of them sharing Redis
 * (decision 044): resolves once all are started and have had PROCESSES_SETTLE_MS to listen.
 */
export async function startServer(
  lib: Library,
  start: StartCommand,
  env: Record<string, string>,
  processes = 1,
): Promise<Child> {
  const several: Record<string, string> =
    processes > 1
      ? {
          SERVER_PROCESSES: String(processes),
          REDIS_URL,
          REDIS_PREFIX: `storyloom-bench-${process.pid}-${Date.now().toString(36)}:`,
        }
      : {};
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...start.nodeFlags, start.script], {
    env: serverEnv(lib, {
      ...start.env,
      ...env,
      ...several,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      RATE_LIMIT_FACTOR,
      // New visitors' addresses come as X-Forwarded-For (http.ts), as behind a reverse proxy.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capture(child);
  const healthy = async () => (await fetch(`${origin}/api/health`)).ok;
  await waitUntil(child, output, healthy, 'the API server');
  if (processes > 1) {
    const started = async () => processTree(child.pid!).length === processes + 1;
    await waitUntil(child, output, started, `${processes} server processes`);
    await new Promise((r) => setTimeout(r, PROCESSES_SETTLE_MS));
  }
  return { origin, pid: child.pid!, output, stop: stopper(child) };
}

/** The ceiling: a bare node:http server replaying the recorded responses from memory. */
export async function startCeiling(ceilingScript: string, recordings: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ceilingScript, recordings, String(port)],
    // `--import tsx` resolves from here up to the root's node_modules.
    { cwd: dirname(ceilingScript), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = capture(child);
  const ready = async () => output().includes('ready');
  await waitUntil(child, output, ready, 'the ceiling server');
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, output, stop: stopper(child) };
}

/** Clock ticks a second in /proc/<pid>/stat (`getconf CLK_TCK`: 100 on Linux everywhere). */
const CLOCK_TICKS = 100;

/**
 * A process and its descendants (Linux): the server, or the primary of SERVER_PROCESSES and
 * the processes it started.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...childrenOf(tree[i]!));
  return tree;
}

/** Adds up a figure over the tree; null when the root's could not be read. */
function sumOverTree(pid: number, read: (pid: number) => number | null): number | null {
  let total: number | null = null;
  for (const member of processTree(pid)) {
    const value = read(member);
    if (value !== null) total = (total ?? 0) + value;
  }
  return total;
}

/**
 * CPU time so far, user and system, in milliseconds, of the process and its descendants
 * (SERVER_PROCESSES); null without /proc.
 */
export function cpuTimeMs(pid: number): number | null {
  return sumOverTree(pid, (member) => {
    try {
      // The fields after the command's last closing parenthesis (the command may hold one):
      // state first, so utime and stime (fields 14 and 15 of proc(5)) are the 12th and 13th.
      const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS : null;
    } catch {
      return null;
    }
  });
}

/**
 * Resident memory of a process and its descendants from /proc (Linux), added up; null
 * elsewhere. With SERVER_PROCESSES the high-water mark is the sum of each process's own, which
 * may be more than they ever held at one moment.
 */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 200);
  }

  private read(field: 'VmRSS' | 'VmHWM'): number | null {
    return sumOverTree(this.pid, (member) => {
      try {
        const status = readFileSync(`/proc/${member}/status`, 'utf8');
        const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
        return kb ? Number(kb) / 1024 : null;
      } catch {
        return null;
      }
    });
  }

  private sample() {
    this.peak = Math.max(this.peak, this.read('VmRSS') ?? 0);
  }

  /** Highest resident memory (MB) seen since the last call, then starts over. */
  takePeak(): number | null {
    this.sample();
    const peak = this.peak;
    this.peak = 0;
    return peak > 0 ? Math.round(peak) : null;
  }

  /** The kernel's high-water mark of resident memory since the process started (MB). */
  highWater(): number | null {
    const hwm = this.read('VmHWM');
    return hwm === null ? null : Math.round(hwm);
  }

  stop() {
    clearInterval(this.timer);
  }
}
