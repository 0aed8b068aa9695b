import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { call, dataOf, describe, type Outcome } from './support/http.js';
import type { JobState } from './support/outbox.js';
import { PrivateCluster } from './support/postgres.js';
import { writeResults } from './support/results.js';
import { assertBuilt, freePort, ServerProcess, sleep } from './support/server.js';
import {
  chaosAccount,
  postgresStore,
  type RunStore,
  sqliteStore,
  withPgClient,
} from './support/store.js';

/**
 * Notifications survive SIGKILLs (issue 20): an author with followers publishes chapters and
 * readers comment while the servers are killed and restarted. The worker's fan-out of each
 * chapter, written in batches with its progress, must end with every follower told of every
 * chapter that exists exactly once, and the author told of every comment exactly once.
 */

const KILLS = Number(process.env.CHAOS_NOTIFY_KILLS ?? 4);
/** Followers of the author: several fan-out batches (500 each) per chapter. */
const FOLLOWERS = Number(process.env.CHAOS_NOTIFY_FOLLOWERS ?? 1_800);
const READERS = 3;
const DRAIN_BOUND_MS = 60_000;

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let cluster: PrivateCluster | undefined;
const results: Record<string, unknown> = {};

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Read-only SQL on the servers' database, and the one bulk insert the setup needs. */
interface Store extends RunStore {
  /** Inserts users who follow `authorId`, as if they had followed over the years. */
  addFollowers(authorId: string, n: number): Promise<void>;
}

function sqliteFollowersStore(file: string): Store {
  return {
    ...sqliteStore(file),
    async addFollowers(authorId, n) {
      const db = new Database(file, { fileMustExist: true, timeout: 10_000 });
      try {
        const at = new Date().toISOString();
        const user = db.prepare(
          'insert into users (id, username, email, created_at, updated_at) values (?, ?, ?, ?, ?)',
        );
        const follow = db.prepare(
          'insert into follows (follower_id, followee_id, created_at) values (?, ?, ?)',
        );
        db.transaction(() => {
          for (let i = 0; i < n; i += 1) {
            const id = randomUUID();
            user.run(
              id,
              `fan${i}_${id.slice(0, 6)}`,
              `fan${i}_${id.slice(0, 6)}@chaos.example`,
              at,
              at,
            );
            follow.run(id, authorId, at);
          }
        })();
      } finally {
        db.close();
      }
    },
  };
}

function postgresFollowersStore(url: string): Store {
  return {
    ...postgresStore(url),
    addFollowers: (authorId, n) =>
      withPgClient(url, async (client) => {
        await client.query(
          `insert into users (id, username, email, created_at, updated_at)
             select gen_random_uuid(), 'fan' || i || '_' || substr(md5(random()::text), 1, 6),
                    'fan' || i || '_' || substr(md5(random()::text), 1, 6) || '@chaos.example', now(), now()
               from generate_series(1, $1) as i`,
          [n],
        );
        await client.query(
          `insert into follows (follower_id, followee_id, created_at)
             select id, $1, now() from users where email like 'fan%@chaos.example'`,
          [authorId],
        );
      }),
  };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const unanswered = (o: Outcome) => o.kind !== 'response' || o.status >= 500;

interface Ledger {
  chaptersAcked: string[];
  chaptersUnanswered: number;
  commentsAcked: string[];
  commentsUnanswered: number;
  unexpected: string[];
}

async function run(processes: ServerProcess[], store: Store) {
  for (const server of processes) await server.start();
  const base = processes[0]!.baseURL;
  const prefix = `n${randomUUID().slice(0, 6)}`;
  const author = await chaosAccount(base, `${prefix}author`);
  const readers = await Promise.all(
    Array.from({ length: READERS }, (_, i) => chaosAccount(base, `${prefix}reader${i}`)),
  );
  await store.addFollowers(author.id, FOLLOWERS);
  const created = await call(base, 'POST', '/api/stories/json', {
    token: author.token,
    json: {
      title: 'The Saltmarsh Lanterns',
      description: 'A story told while servers fall over.',
      genre: 'Fantasy',
      tags: ['chaos'],
      visibility: 'public',
      chapters: [{ title: 'The first lantern', content: '<p>It began at dusk.</p>' }],
    },
  });
  const storyId = dataOf<{ id: string }>(created).id;
  const chapters = await call(base, 'GET', `/api/chapters/by-story/${storyId}`, {
    token: author.token,
  });
  const firstChapter = dataOf<{ id: string }[]>(chapters)[0]!.id;

  const ledger: Ledger = {
    chaptersAcked: [firstChapter],
    chaptersUnanswered: 0,
    commentsAcked: [],
    commentsUnanswered: 0,
    unexpected: [],
  };
  let stop = false;
  const target = () => {
    const up = processes.filter((s) => s.running);
    return pick(up.length > 0 ? up : processes).baseURL;
  };
  const writer = (async () => {
    for (let n = 1; !stop; n += 1) {
      const o = await call(target(), 'POST', '/api/chapters', {
        token: author.token,
        json: {
          story_id: storyId,
          title: `Night ${n}`,
          content: `<p>Night ${n}.</p>`,
          published: true,
        },
      });
      if (o.kind === 'response' && o.status === 201)
        ledger.chaptersAcked.push(dataOf<{ id: string }>(o).id);
      else if (unanswered(o)) ledger.chaptersUnanswered += 1;
      else ledger.unexpected.push(`chapter -> ${describe(o)}`);
      await sleep(unanswered(o) ? 100 : 150);
    }
  })();
  const commenters = readers.map(async (reader, i) => {
    for (let n = 0; !stop; n += 1) {
      const o = await call(target(), 'POST', `/api/chapters/${firstChapter}/comments`, {
        token: reader.token,
        json: { body: `Reader ${i}, comment ${n}: the lanterns!` },
      });
      if (o.kind === 'response' && o.status === 201)
        ledger.commentsAcked.push(dataOf<{ id: string }>(o).id);
      else if (unanswered(o)) ledger.commentsUnanswered += 1;
      else if (!(o.kind === 'response' && o.status === 429))
        ledger.unexpected.push(`comment -> ${describe(o)}`);
      await sleep(unanswered(o) ? 100 : 250);
    }
  });

  const rounds: Record<string, unknown>[] = [];
  for (let round = 1; round <= KILLS; round += 1) {
    const killAfterMs = Math.round(1_000 + Math.random() * 2_000);
    await sleep(killAfterMs);
    const victims = processes.length === 1 || round === KILLS ? processes : [pick(processes)];
    const jobs = await store.jobs();
    await Promise.all(victims.map((v) => v.stop('SIGKILL')));
    await Promise.all(victims.map((v) => v.start()));
    rounds.push({
      round,
      killed_after_ms: killAfterMs,
      processes_killed: victims.length,
      notify_jobs_running_at_kill: jobs.filter((j) => j.kind === 'notify' && j.leased).length,
    });
  }
  await sleep(1_000);
  stop = true;
  await Promise.all([writer, ...commenters]);

  const drainStarted = Date.now();
  let jobs = await store.jobs();
  while (jobs.some((j) => !j.done) && Date.now() - drainStarted < DRAIN_BOUND_MS) {
    await sleep(250);
    jobs = await store.jobs();
  }
  const drainMs = Date.now() - drainStarted;
  await Promise.all(processes.map((p) => p.stop('SIGTERM')));
  jobs = await store.jobs();
  const failures = await check(store, { storyId, author: author.id, ledger, jobs });
  return {
    failures,
    ledger,
    figures: {
      processes: processes.length,
      kills: KILLS,
      followers: FOLLOWERS,
      rounds,
      chapters_acked: ledger.chaptersAcked.length,
      chapters_unanswered: ledger.chaptersUnanswered,
      comments_acked: ledger.commentsAcked.length,
      comments_unanswered: ledger.commentsUnanswered,
      notify_jobs: jobs.filter((j) => j.kind === 'notify').length,
      notify_jobs_run_more_than_once: jobs.filter((j) => j.kind === 'notify' && j.attempts > 1)
        .length,
      drain_ms: drainMs,
      failures: failures.length,
    },
  };
}

/**
 * Every chapter of the story (acknowledged or not: one that exists committed with its event)
 * told to each follower exactly once; every comment told to the author exactly once; every
 * notify job done with its progress.
 */
async function check(
  store: Store,
  {
    storyId,
    author,
    ledger,
    jobs,
  }: { storyId: string; author: string; ledger: Ledger; jobs: JobState[] },
): Promise<string[]> {
  const failures: string[] = [];
  for (const job of jobs) {
    if (!job.done) failures.push(`job ${job.id} (${job.kind}) is not done`);
    if (job.failed) failures.push(`job ${job.id} (${job.kind}) failed`);
  }
  const chapters = await store.all<{ id: string }>(
    'select id from chapters where story_id = ? and published = 1',
    [storyId],
  );
  const ids = new Set(chapters.map((c) => c.id));
  for (const id of ledger.chaptersAcked)
    if (!ids.has(id)) failures.push(`acknowledged chapter ${id} is gone`);
  const told = await store.all<{ chapter_id: string; n: number; people: number }>(
    `select chapter_id, count(*) as n, count(distinct user_id) as people from notifications
      where type = 'new_chapter' and story_id = ? group by chapter_id`,
    [storyId],
  );
  const byChapter = new Map(told.map((row) => [row.chapter_id, row]));
  for (const id of ids) {
    const row = byChapter.get(id);
    if (Number(row?.n ?? 0) !== FOLLOWERS || Number(row?.people ?? 0) !== FOLLOWERS)
      failures.push(
        `chapter ${id}: ${row?.n ?? 0} notifications to ${row?.people ?? 0} people, expected ${FOLLOWERS}`,
      );
  }
  const comments = await store.all<{ id: string }>('select id from comments where story_id = ?', [
    storyId,
  ]);
  const commentIds = new Set(comments.map((c) => c.id));
  for (const id of ledger.commentsAcked)
    if (!commentIds.has(id)) failures.push(`acknowledged comment ${id} is gone`);
  const commentNotices = await store.all<{ comment_id: string; n: number }>(
    `select comment_id, count(*) as n from notifications
      where type = 'comment' and user_id = ? group by comment_id`,
    [author],
  );
  const noticeOf = new Map(commentNotices.map((row) => [row.comment_id, Number(row.n)]));
  for (const id of commentIds)
    if (noticeOf.get(id) !== 1) failures.push(`comment ${id} told ${noticeOf.get(id) ?? 0} times`);
  const actors = await store.all<{ id: string; actors_count: number; rows: number }>(
    `select n.id, n.actors_count, count(a.actor_id) as rows from notifications n
       left join notification_actors a on a.notification_id = n.id
      group by n.id, n.actors_count having count(a.actor_id) <> n.actors_count`,
  );
  for (const row of actors.slice(0, 5))
    failures.push(`notification ${row.id}: actors_count ${row.actors_count}, ${row.rows} actors`);
  const progress = await store.all<{ job_id: string }>(
    `select j.id as job_id from jobs j left join job_progress p on p.job_id = j.id
      where j.kind = 'notify' and p.done_at is null`,
  );
  for (const row of progress) failures.push(`notify job ${row.job_id} has no finished progress`);
  failures.push(...ledger.unexpected.map((u) => `unexpected answer: ${u}`));
  return failures;
}

function record(name: string, figures: Record<string, unknown>) {
  results[name] = figures;
  writeResults('notifications-crash', results);
}

function expectSound(outcome: Awaited<ReturnType<typeof run>>) {
  expect(outcome.failures.slice(0, 30), outcome.failures.slice(0, 30).join('\n')).toEqual([]);
  expect(outcome.ledger.chaptersAcked.length).toBeGreaterThan(KILLS * 3);
  expect(outcome.ledger.commentsAcked.length).toBeGreaterThan(KILLS * 3);
}

test('SQLite: every chapter and comment is told exactly once through repeated SIGKILLs', async () => {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-notify-'));
  dirs.push(dataDir);
  const server = new ServerProcess({ port: await freePort(), dataDir });
  servers.push(server);
  const outcome = await run([server], sqliteFollowersStore(join(dataDir, 'storyloom.db')));
  record('sqlite', { database: 'sqlite', ...outcome.figures });
  expectSound(outcome);
});

test('PostgreSQL, two server processes: every chapter and comment is told exactly once through SIGKILLs', async () => {
  assertBuilt();
  cluster = new PrivateCluster(await freePort());
  const databaseUrl = await cluster.launch('storyloom');
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-notify-pg-'));
  dirs.push(dataDir);
  const processes: ServerProcess[] = [];
  for (let i = 0; i < 2; i += 1)
    processes.push(new ServerProcess({ port: await freePort(), dataDir, databaseUrl }));
  servers.push(...processes);
  const outcome = await run(processes, postgresFollowersStore(databaseUrl));
  record('postgres', {
    database: 'postgresql (private cluster), two API processes on one database',
    ...outcome.figures,
  });
  expectSound(outcome);
});
