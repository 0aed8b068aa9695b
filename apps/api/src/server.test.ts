import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';
import { childrenOf } from './test/processes.js';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real server entry (TypeScript source through tsx) with the given environment. */
function runServer(env: NodeJS.ProcessEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-server-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, stderr: () => stderr };
}

async function waitForHealth(port: number): Promise<void> {
  // Generous: start-up under a loaded CI machine can take many seconds; this is readiness, not speed.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://127.0.0.1:1/nowhere' }, 'DATABASE_URL'],
    [{ SERVER_PROCESSES: '2' }, 'SERVER_PROCESSES'],
    // The primary starts two; neither can open the database, and the primary exits with them.
    [
      {
        SERVER_PROCESSES: '2',
        REDIS_URL: 'redis://127.0.0.1:6379',
        DATABASE_URL: 'postgres://127.0.0.1:1/nowhere',
      },
      'DATABASE_URL',
    ],
  ])(
    'exits non-zero with one line naming the variable for %o',
    { timeout: 60_000 },
    async (env, variable) => {
      const server = runServer(env);
      expect(await server.exited).not.toBe(0);
      const lines = server.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(variable);
    },
  );

  it('serves, then shuts down cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const server = runServer({ PORT: String(port) });
    await waitForHealth(port);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('runs SERVER_PROCESSES processes on one port and stops them all on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const server = runServer({
      PORT: String(port),
      SERVER_PROCESSES: '2',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `server-test-${process.pid}:`,
    });
    await waitForHealth(port);
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
