import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { call, dataOf, isOk } from './support/http.js';
import { PrivateCluster } from './support/postgres.js';
import { writeResults } from './support/results.js';
import { assertBuilt, freePort, ServerProcess, sleep } from './support/server.js';
import { postgresStore, type RunStore, sqliteStore } from './support/store.js';

/**
 * Revision history survives SIGKILLs (issue 22, docs/decisions/026-revision-history.md). Each
 * writer saves its own chapter over and over with a new text every time while the server is
 * killed at random moments and restarted. After every kill, in the database as the dead server
 * left it (the SQLite file, or a private PostgreSQL cluster): every save a writer got a 2xx for
 * has its revision, no revision holds a text that was never sent, and each chapter reads
 * exactly as its newest revision.
 */
const KILLS = Number(process.env.CHAOS_REVISION_KILLS ?? 4);
const WRITERS = Number(process.env.CHAOS_REVISION_WRITERS ?? 4);
const PASSWORD = 'chaos-password-1';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let cluster: PrivateCluster | undefined;
const results: Record<string, unknown> = {};

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Writer {
  index: number;
  token: string;
  chapterId: string;
  /** Texts of saves answered 2xx. */
  acked: Set<string>;
  /** Texts of saves sent, answered or not. */
  sent: Set<string>;
  unanswered: number;
  seq: number;
}

/** Signs up, signs in and creates a story with one chapter, retrying until it all went through. */
async function newWriter(baseURL: string, index: number): Promise<Writer> {
  const name = `rev${index}${Date.now().toString(36)}`;
  const email = `${name}@example.com`;
  const signup = await call(baseURL, 'POST', '/api/auth/signup', {
    json: { username: name, email, password: PASSWORD },
  });
  if (!isOk(signup)) throw new Error(`sign-up failed: ${JSON.stringify(signup)}`);
  const login = await call(baseURL, 'POST', '/api/auth/token', {
    form: { username: email, password: PASSWORD },
  });
  if (!isOk(login)) throw new Error('sign-in failed');
  const token = (login.body as { access_token: string }).access_token;
  const first = `<p>First text of writer ${index}</p>`;
  const story = await call(baseURL, 'POST', '/api/stories/json', {
    token,
    json: {
      title: `Revisions ${name}`,
      description: 'Saved and saved again',
      genre: 'Fantasy',
      tags: ['chaos'],
      visibility: 'private',
      chapters: [{ title: 'One', content: first }],
    },
  });
  if (!isOk(story)) throw new Error('story not created');
  const storyId = dataOf<{ id: string }>(story).id;
  const chapters = await call(
    baseURL,
    'GET',
    `/api/chapters/by-story/${storyId}?published_only=false`,
    {
      token,
    },
  );
  const chapterId = dataOf<{ id: string }[]>(chapters)[0]!.id;
  return {
    index,
    token,
    chapterId,
    acked: new Set([first]),
    sent: new Set([first]),
    unanswered: 0,
    seq: 0,
  };
}

/** Saves the writer's chapter with a new text, one save at a time, until told to stop. */
async function keepSaving(baseURL: string, writer: Writer, stopped: () => boolean) {
  while (!stopped()) {
    writer.seq += 1;
    const text = `<p>Writer ${writer.index} save ${writer.seq} ${Math.random().toString(36).slice(2)}</p>`;
    writer.sent.add(text);
    const outcome = await call(baseURL, 'PATCH', `/api/chapters/${writer.chapterId}`, {
      token: writer.token,
      json: { content: text },
      timeoutMs: 10_000,
    });
    const answered = outcome.kind === 'response';
    if (isOk(outcome)) writer.acked.add(text);
    else if (!answered) {
      writer.unanswered += 1;
      // The server is down: wait for the next round.
      while (!stopped()) await sleep(50);
    }
  }
}

/** The checks on the database as it is now; returns what is wrong. */
async function check(
  store: RunStore,
  writers: Writer[],
): Promise<{ failures: string[]; revisions: number }> {
  const failures: string[] = [];
  let revisions = 0;
  for (const writer of writers) {
    const [chapter] = await store.all<{ content: string }>(
      'select content from chapters where id = ?',
      [writer.chapterId],
    );
    const rows = await store.all<{ content: Buffer }>(
      'select content from chapter_revisions where chapter_id = ? order by created_at desc, id desc',
      [writer.chapterId],
    );
    revisions += rows.length;
    const texts = rows.map((row) => brotliDecompressSync(row.content).toString('utf8'));
    const kept = new Set(texts);
    for (const text of writer.acked)
      if (!kept.has(text)) failures.push(`writer ${writer.index}: acknowledged save lost: ${text}`);
    for (const text of kept)
      if (!writer.sent.has(text)) failures.push(`writer ${writer.index}: unknown revision ${text}`);
    if (texts.length !== kept.size) failures.push(`writer ${writer.index}: a save recorded twice`);
    if (chapter?.content !== texts[0])
      failures.push(
        `writer ${writer.index}: chapter reads ${chapter?.content} but its newest revision is ${texts[0]}`,
      );
  }
  return { failures, revisions };
}

/** Kills the saving server `KILLS` times, checking the database after each; answers the findings. */
async function run(server: ServerProcess, store: RunStore) {
  await server.start();
  const writers: Writer[] = [];
  for (let i = 0; i < WRITERS; i += 1) writers.push(await newWriter(server.baseURL, i));

  const failures: string[] = [];
  const rounds: Record<string, unknown>[] = [];
  for (let round = 1; round <= KILLS; round += 1) {
    if (!server.running) await server.start();
    let stop = false;
    const running = writers.map((w) => keepSaving(server.baseURL, w, () => stop));
    const killAfterMs = Math.round(500 + Math.random() * 2_500);
    await sleep(killAfterMs);
    const unansweredBefore = writers.reduce((n, w) => n + w.unanswered, 0);
    await server.stop('SIGKILL');
    // Let every request in flight fail against the dead server before checking.
    await sleep(200);
    stop = true;
    await Promise.all(running);
    const result = await check(store, writers);
    failures.push(...result.failures.map((f) => `after kill ${round}: ${f}`));
    rounds.push({
      round,
      killed_after_ms: killAfterMs,
      acked_saves_so_far: writers.reduce((n, w) => n + w.acked.size, 0),
      saves_cut_by_kill: writers.reduce((n, w) => n + w.unanswered, 0) - unansweredBefore,
      revisions: result.revisions,
    });
  }

  // Restarted, the API agrees with the database: the history lists every acknowledged save.
  await server.start();
  for (const writer of writers) {
    const list = await call(
      server.baseURL,
      'GET',
      `/api/chapters/${writer.chapterId}/revisions?limit=100`,
      { token: writer.token },
    );
    const total = isOk(list) ? dataOf<{ total: number }>(list).total : -1;
    if (total < writer.acked.size)
      failures.push(`API: writer ${writer.index} lists ${total} of ${writer.acked.size} saves`);
  }
  await server.stop('SIGTERM');
  const acked = writers.reduce((n, w) => n + w.acked.size, 0);
  return { failures, rounds, acked };
}

function expectSafe(database: string, outcome: Awaited<ReturnType<typeof run>>) {
  const { failures, rounds, acked } = outcome;
  results[database] = {
    database,
    writers: WRITERS,
    kills: KILLS,
    rounds,
    acked_saves: acked,
    failures: failures.length,
  };
  writeResults('revisions-crash', results);
  expect(failures, failures.join('\n')).toEqual([]);
  expect(acked).toBeGreaterThan(KILLS * 10);
  // Some kill cut a save in flight, or the test proved little.
  expect(rounds.some((r) => (r.saves_cut_by_kill as number) > 0)).toBe(true);
}

test('SQLite: every acknowledged save keeps its revision through repeated SIGKILLs', async () => {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-revisions-chaos-'));
  dirs.push(dataDir);
  const server = new ServerProcess({ port: await freePort(), dataDir });
  servers.push(server);
  const file = join(dataDir, 'storyloom.db');
  const outcome = await run(server, sqliteStore(file));
  const [integrity] = await sqliteStore(file).all<{ integrity_check: string }>(
    'pragma integrity_check',
  );
  if (integrity?.integrity_check !== 'ok')
    outcome.failures.push(`integrity_check: ${integrity?.integrity_check}`);
  expectSafe('sqlite', outcome);
});

test('PostgreSQL: every acknowledged save keeps its revision through repeated SIGKILLs', async () => {
  assertBuilt();
  cluster = new PrivateCluster(await freePort());
  const databaseUrl = await cluster.launch('storyloom');
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-revisions-chaos-pg-'));
  dirs.push(dataDir);
  const server = new ServerProcess({ port: await freePort(), dataDir, databaseUrl });
  servers.push(server);
  expectSafe('postgresql (private cluster)', await run(server, postgresStore(databaseUrl)));
});
