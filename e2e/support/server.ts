import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/src/test/ports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'apps/api/dist/server.js');
const SEED = join(ROOT, 'apps/api/dist/scripts/seed.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

/** The built product, running as its own process on a data directory of its own. */
export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/** What a child wrote, for the error when it fails. */
function capture(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** A new, empty data directory for a server. */
export const newDataDir = () => mkdtempSync(join(tmpdir(), 'storyloom-e2e-'));

/**
 * Fills `dataDir` with the deterministic synthetic library of `npm run seed` (every seeded
 * user's password is 'storyloom-demo').
 */
export async function seedLibrary(dataDir: string, stories: number): Promise<void> {
  const child = spawn(process.execPath, [SEED, '--stories', String(stories)], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capture(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding ${dataDir} failed (${code}):\n${output()}`);
}

/** Starts `apps/api/dist/server.js` on `dataDir` with `env` added to the test environment. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  for (const file of [SERVER, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = capture(server);
  try {
    await waitForHealth(baseURL, server, output);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
