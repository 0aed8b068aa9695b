import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig, prepareDataDir } from '../config.js';
import { createNotificationBus } from '../modules/notifications/bus.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { createUser } from '../test/factories.js';
import { freePort } from '../test/ports.js';
import { storyBody } from '../test/stories.js';
import { createSharedState, type SharedState } from './shared-state.js';

/**
 * Two apps on one database sharing one Redis (REDIS_URL), as two API processes would
 * (docs/decisions/037-shared-state-and-read-replicas.md); and one whose Redis is unreachable.
 * Each run has its own key prefix, so parallel runs on the machine's Redis never meet.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Node {
  app: FastifyInstance;
  shared: SharedState;
  base: string;
}

let testDb: TestDb;
let dataDir: string;
let config: Config;
const nodes: Node[] = [];
const prefix = `storyloom-test:${randomUUID()}:`;

async function startNode(redisUrl: string): Promise<Node> {
  const shared = createSharedState({ url: redisUrl, prefix }, silentLog);
  const app = await buildApp(config, { db: testDb.db, logger: false, shared });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const node = { app, shared, base: `http://127.0.0.1:${port}` };
  nodes.push(node);
  return node;
}

const silentLog = {
  warn: () => {},
  info: () => {},
  error: () => {},
} as unknown as Parameters<typeof createSharedState>[1];

async function signUp(node: Node, address: string) {
  const id = randomUUID().slice(0, 8);
  return node.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: address,
    payload: {
      email: `s${id}@example.com`,
      username: `s${id}`,
      password: 'correct-horse-9',
    },
  });
}

beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = mkdtempSync(join(tmpdir(), 'storyloom-shared-'));
  // Visitors' answers kept a minute: only a published clear can empty the other node's cache.
  config = prepareDataDir(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RESPONSE_CACHE_MS: '60000',
      REDIS_URL,
    }),
  );
});

afterAll(async () => {
  for (const node of nodes) {
    await node.app.close();
    await node.shared.close();
  }
  await testDb.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('with Redis shared by two processes', () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    a = await startNode(REDIS_URL);
    b = await startNode(REDIS_URL);
    expect(await a.shared.ready(5_000)).toBe(true);
    expect(await b.shared.ready(5_000)).toBe(true);
  });

  it('counts a rate limit across both (sign-ups: 10 an hour per address)', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await signUp(i % 2 === 0 ? a : b, address);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is counted apart.
    expect((await signUp(b, '198.51.100.8')).statusCode).toBe(201);
  });

  it("empties the other process's visitors' cache on a write", async () => {
    const author = await createUser(testDb.db, config);
    const list = () => fetch(`${b.base}/api/stories?limit=50`);
    await list();
    const hit = await list();
    expect(hit.headers.get('x-cache')).toBe('hit');
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/stories/json',
      headers: author.auth,
      payload: storyBody({ title: 'Across the processes' }),
    });
    expect(created.statusCode).toBe(201);
    // The clear travels through Redis; the kept answer would otherwise live a minute.
    let answer = await list();
    for (let tries = 0; answer.headers.get('x-cache') === 'hit' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await list();
    }
    expect(answer.headers.get('x-cache')).toBe('miss');
    const body = (await answer.json()) as { data: { items: { title: string }[] } };
    expect(body.data.items.map((s) => s.title)).toContain('Across the processes');
  });

  it("wakes the other process's notification streams", async () => {
    const busA = createNotificationBus(a.shared);
    const busB = createNotificationBus(b.shared);
    const woken = new Promise<string>((resolve) => {
      busB.subscribe('user-42', () => resolve('user-42'));
    });
    // Both subscriptions are in place once a message round-trips through Redis.
    await b.shared.redis.ping();
    busA.publish(['user-7', 'user-42']);
    expect(await woken).toBe('user-42');
  });
});

describe('with Redis unreachable', () => {
  let down: Node;
  beforeAll(async () => {
    // A port nothing listens on: every command fails at once, as with Redis stopped.
    down = await startNode(`redis://127.0.0.1:${await freePort()}`);
  });

  it('keeps answering: reads, writes, and rate limits counted in this process', async () => {
    const author = await createUser(testDb.db, config);
    const created = await down.app.inject({
      method: 'POST',
      url: '/api/stories/json',
      headers: author.auth,
      payload: storyBody({ title: 'Without Redis' }),
    });
    expect(created.statusCode).toBe(201);
    const read = await fetch(`${down.base}/api/stories?limit=50`);
    expect(read.status).toBe(200);
    const address = '198.51.100.9';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signUp(down, address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

/** A Redis of this test's own, to stop and start again (the machine's is never touched). */
const REDIS_SERVER = '/usr/bin/redis-server';

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', () => reject(new Error(`redis-server exited: ${seen}`)));
  });
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

describe.runIf(existsSync(REDIS_SERVER))('when Redis stops and comes back', () => {
  let redis: ChildProcess | undefined;
  afterAll(async () => {
    if (redis) await stopRedis(redis);
  });

  it('answers every request while it is down, and shares again once it is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const one = await startNode(url);
    const two = await startNode(url);
    expect(await one.shared.ready(5_000)).toBe(true);
    expect(await two.shared.ready(5_000)).toBe(true);
    const author = await createUser(testDb.db, config);

    await stopRedis(redis);
    // Reads (kept and not), writes and rate-limited calls all answer as usual.
    for (const node of [one, two]) {
      expect((await fetch(`${node.base}/api/stories?limit=5`)).status).toBe(200);
      expect((await fetch(`${node.base}/api/stories?limit=5`)).status).toBe(200);
      const created = await node.app.inject({
        method: 'POST',
        url: '/api/stories/json',
        headers: author.auth,
        payload: storyBody({ title: 'While Redis is down' }),
      });
      expect(created.statusCode).toBe(201);
      expect((await signUp(node, '198.51.100.20')).statusCode).toBe(201);
    }

    redis = await startRedis(port);
    expect(await one.shared.ready(10_000)).toBe(true);
    expect(await two.shared.ready(10_000)).toBe(true);
    // Subscribed again: a write on one empties the other's cache once more.
    const list = () => fetch(`${two.base}/api/stories?limit=40`);
    let kept = await list();
    for (let tries = 0; kept.headers.get('x-cache') !== 'hit' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      kept = await list();
    }
    expect(kept.headers.get('x-cache')).toBe('hit');
    const created = await one.app.inject({
      method: 'POST',
      url: '/api/stories/json',
      headers: author.auth,
      payload: storyBody({ title: 'After Redis came back' }),
    });
    expect(created.statusCode).toBe(201);
    let answer = await list();
    for (let tries = 0; answer.headers.get('x-cache') === 'hit' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await list();
    }
    expect(answer.headers.get('x-cache')).toBe('miss');
  });
});
