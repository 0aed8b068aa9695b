import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The built server; STORYLOOM_SERVER points elsewhere (e.g. a private build). */
export const SERVER_ENTRY = resolve(
  process.env.STORYLOOM_SERVER ?? join(ROOT, 'apps/api/dist/server.js'),
);

export function assertBuilt(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run 'npm run build' first`);
  }
}

/** The seed script that ships next to the built server. */
export const SEED_SCRIPT = join(dirname(SERVER_ENTRY), 'scripts/seed.js');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const OUTPUT_LIMIT = 64 * 1024;

export interface ServerOptions {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Load support/memory-probe.mjs so `measureMemory()` works (the soak). */
  memoryProbe?: boolean;
  /** Sees every JSON log line the server writes (LOG_LEVEL=warn: warnings and errors). */
  onLog?: (entry: LogEntry) => void;
  /** More environment for the server (e.g. LOG_LEVEL=info), over the defaults. */
  env?: Record<string, string>;
}

export interface LogEntry {
  level?: number;
  msg?: string;
  err?: { message?: string; code?: string; type?: string; stack?: string };
}

export interface MemoryAfterGc {
  rss: number;
  heapUsed: number;
  external: number;
  /** Longest event-loop block since the previous report. */
  loopDelayMaxMs: number;
}

const MEMORY_PROBE = join(ROOT, 'reliability/support/memory-probe.mjs');

/**
 * One server process on a fixed port and data directory. `start()` may be called again after
 * the process died (SIGKILL), which is how the crash test restarts it on the same data.
 */
export class ServerProcess {
  readonly baseURL: string;
  private child: ChildProcess | null = null;
  private output = '';
  starts = 0;

  constructor(private readonly options: ServerOptions) {
    this.baseURL = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number {
    if (!this.child?.pid) throw new Error('server is not running');
    return this.child.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last 64 KiB the server wrote, for failure messages. */
  log(): string {
    return this.output;
  }

  async start(): Promise<void> {
    if (this.running) throw new Error('server already running');
    const { port, dataDir, databaseUrl, memoryProbe } = this.options;
    const nodeArgs = memoryProbe ? ['--expose-gc', '--import', MEMORY_PROBE] : [];
    const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: this.baseURL,
        LOG_LEVEL: 'warn',
        // Every client here is one address; the limits are covered by the API tests.
        RATE_LIMIT_FACTOR: '1000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let partial = '';
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_LIMIT);
    };
    const parse = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          this.options.onLog?.(JSON.parse(line) as LogEntry);
        } catch {
          // not a log line
        }
      }
    };
    child.stdout!.on('data', keep);
    if (this.options.onLog) child.stdout!.on('data', parse);
    child.stderr!.on('data', keep);
    this.child = child;
    this.starts += 1;
    await this.waitForHealth();
  }

  private async waitForHealth(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server exited during start-up:\n${this.output}`);
      try {
        const res = await fetch(`${this.baseURL}/api/health`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not become healthy in 60 s:\n${this.output}`);
  }

  /** Sends `signal` and waits for the process to be gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.running) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    this.child = null;
  }

  /** Runs a full GC in the server (memoryProbe) and returns what memory is left. */
  async measureMemory(): Promise<MemoryAfterGc> {
    const child = this.child;
    if (!child || !this.running) throw new Error('server is not running');
    return new Promise((resolveMemory, reject) => {
      let seen = '';
      const timer = setTimeout(() => {
        child.stderr!.off('data', onData);
        reject(
          new Error('no memory report within 30 s (was the server started with memoryProbe?)'),
        );
      }, 30_000);
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /STORYLOOM_MEMORY (\{.*\})\n/.exec(seen);
        if (!match) return;
        clearTimeout(timer);
        child.stderr!.off('data', onData);
        resolveMemory(JSON.parse(match[1]!) as MemoryAfterGc);
      };
      child.stderr!.on('data', onData);
      child.kill('SIGUSR2');
    });
  }

  /** Resident set size of the server process in bytes (Linux). */
  rss(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    if (!match) throw new Error('VmRSS not found in /proc/<pid>/status');
    return Number(match[1]) * 1024;
  }
}
