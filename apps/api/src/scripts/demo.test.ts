import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports.js';

/**
 * `npm run demo` (this script) is for the machine it runs on: loopback by default, unlike
 * `npm start`; HOST opens it up.
 */
const DEMO = fileURLToPath(new URL('./demo.ts', import.meta.url));
/** An address of this machine that is not loopback, if it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

let dataDir: string;
const children: ChildProcess[] = [];
beforeAll(() => {
  // One library for both runs: the second finds it seeded and serves it as it is.
  dataDir = mkdtempSync(join(tmpdir(), 'storyloom-demo-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runDemo(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', DEMO], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function answers(host: string, port: number): Promise<boolean> {
  try {
    return (await fetch(`http://${host}:${port}/api/health`, { signal: AbortSignal.timeout(2000) }))
      .ok;
  } catch {
    return false;
  }
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await answers('127.0.0.1', port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the demo did not become healthy');
}

describe('npm run demo', () => {
  it('listens on loopback only by default', { timeout: 90_000 }, async () => {
    const port = await freePort();
    runDemo({ PORT: String(port) });
    await waitForHealth(port);
    expect(await answers('localhost', port)).toBe(true);
    if (outside) expect(await answers(outside, port)).toBe(false);
  });

  it.skipIf(!outside)('opens up with HOST=0.0.0.0', { timeout: 90_000 }, async () => {
    const port = await freePort();
    runDemo({ PORT: String(port), HOST: '0.0.0.0' });
    await waitForHealth(port);
    expect(await answers(outside!, port)).toBe(true);
  });
});
