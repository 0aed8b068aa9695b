import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMockOidc } from '../../apps/api/src/test/mock-oidc.js';
import { freePort } from '../../apps/api/src/test/ports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = join(ROOT, 'apps/api/dist/server.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The stand-in Google (OpenID provider) the server signs in against. */
    oidcIssuer: string;
  }
}

const E2E_GOOGLE = { clientId: 'storyloom-e2e', clientSecret: 'e2e-client-secret' };

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

/** Starts the built product on a fresh data directory for the browser tests. */
export default async function setup(project: TestProject) {
  for (const file of [SERVER, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first`);
  }
  const oidc = await startMockOidc(E2E_GOOGLE);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Browser specs sign up many users from one address.
      RATE_LIMIT_FACTOR: '50',
      // Browser tests check what a server-rendered page holds; on a machine this busy (Chromium
      // beside the server), the load shedding would sometimes send the shell instead.
      RENDER_SHED_DELAY_MS: '0',
      // A follow or a like is told after this wait (one undone within it is never told): a
      // browser test waits half a second, not the minute people get.
      NOTIFY_UNDO_WINDOW_MS: '500',
      // Notification emails are batched ten minutes after the first thing to tell: here, half
      // a second.
      NOTIFY_MAIL_DELAY_MS: '500',
      GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => {
    output += c;
  });
  server.stderr!.on('data', (c) => {
    output += c;
  });
  await waitForHealth(baseURL, server, () => output);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('oidcIssuer', oidc.issuer);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
