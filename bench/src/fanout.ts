/**
 * `npm run bench:fanout`: issue 20's two write-side targets on a fresh database. An author with
 * FOLLOWERS followers (loaded in bulk) publishes chapters through the real server, as
 * `npm start` runs it: each publish request must answer p99 < 50 ms whatever the follower count,
 * and the new chapter's fan-out (the `notify` job telling every follower, in batches of FAN_OUT_BATCH)
 * must finish within 60 s. An author without followers publishes alongside, for comparison.
 *
 *   npm run bench:fanout                                    SQLite, 100,000 followers
 *   DATABASE_URL=postgres://… npm run bench:fanout         PostgreSQL (database storyloom_bench_fanout)
 *   npm run bench:fanout -- --followers 10000 --publishes 40
 *
 * Writes bench/results/fanout-<db>-<followers>-<date>.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../apps/api/src/db/index.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { hashPassword } from '../../apps/api/src/modules/auth/passwords.js';
import { insertBatched } from '../../apps/api/src/seed/batch.js';
import { getData } from './http.js';
import type { Library } from './library.js';
import { gitState, machine } from './machine.js';
import { ROOT, shown } from './paths.js';
import { startServer } from './processes.js';
import { SEED_PASSWORD } from './sample.js';
import { startCommand } from './start-command.js';

const DB_NAME = 'storyloom_bench_fanout';

const { values } = parseArgs({
  options: {
    followers: { type: 'string', default: '100000' },
    publishes: { type: 'string', default: '32' },
    out: { type: 'string', default: join(ROOT, 'bench', 'results') },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? '' },
  },
});
const FOLLOWERS = Number(values.followers);
/** Publish requests measured while a fan-out runs (besides the first, on a quiet server). */
const BUSY_PUBLISHES = Math.max(2, Number(values.publishes));
const postgresUrl = values['database-url'] || null;

const num = (n: number) => n.toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const iso = (ms: number) => new Date(ms).toISOString();
const uuid = (n: number, kind: number) =>
  `0190a000-0000-7000-8${kind.toString(16).padStart(3, '0')}-${n.toString(16).padStart(12, '0')}`;

function library(): Library {
  const db = postgresUrl ? 'postgres' : 'sqlite';
  const dataDir = join(ROOT, 'bench', 'data', `fanout-${db}`);
  if (!postgresUrl)
    return {
      db,
      stories: 2,
      label: 'fanout',
      dataDir,
      databaseUrl: null,
      adminUrl: null,
      chapterText: true,
    };
  const url = new URL(postgresUrl);
  url.pathname = `/${DB_NAME}`;
  return {
    db,
    stories: 2,
    label: 'fanout',
    dataDir,
    databaseUrl: url.toString(),
    adminUrl: postgresUrl,
    chapterText: true,
  };
}

async function freshDatabase(lib: Library): Promise<void> {
  rmSync(lib.dataDir, { recursive: true, force: true });
  mkdirSync(lib.dataDir, { recursive: true });
  if (lib.db !== 'postgres') return;
  const admin = new pg.Client({ connectionString: lib.adminUrl! });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
}

interface Authors {
  big: { email: string; storyId: string; drafts: string[] };
  small: { email: string; storyId: string; drafts: string[] };
}

/** Users 0 (FOLLOWERS followers) and 1 (none), their public stories with draft chapters, and the followers. */
async function load(db: Db, drafts: number): Promise<Authors> {
  const now = Date.now();
  const hash = await hashPassword(SEED_PASSWORD);
  const user = (n: number, followers: number) => ({
    id: uuid(n, 1),
    username: `fan${n}`,
    email: `fan${n}@example.com`,
    password_hash: hash,
    google_sub: null,
    email_verified_at: iso(now - 86_400_000),
    token_version: 0,
    bio: null,
    profile_pic: null,
    followers_count: followers,
    following_count: n >= 2 ? 1 : 0,
    stories_count: n < 2 ? 1 : 0,
    profile_public: 1,
    created_at: iso(now - 86_400_000),
    updated_at: iso(now - 86_400_000),
  });
  const k = db.kysely;
  const CHUNK = 20_000;
  for (let start = 0; start < FOLLOWERS + 2; start += CHUNK) {
    const rows: ReturnType<typeof user>[] = [];
    for (let n = start; n < Math.min(FOLLOWERS + 2, start + CHUNK); n++)
      rows.push(user(n, n === 0 ? FOLLOWERS : 0));
    const follows = rows
      .filter((_, i) => start + i >= 2)
      .map((row) => ({
        follower_id: row.id,
        followee_id: uuid(0, 1),
        created_at: iso(now - 3_600_000),
      }));
    await k.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'users', rows);
      await insertBatched(trx, db.dialect, 'follows', follows);
    });
  }
  const story = (n: number) => ({
    id: uuid(n, 2),
    author_id: uuid(n, 1),
    title: `Fan-out ${n}`,
    description: 'A story whose chapters are published by the fan-out bench.',
    genre: 'Fantasy',
    visibility: 'public' as const,
    cover_image: null,
    reads_count: 0,
    votes_count: 0,
    comments_count: 0,
    chapters_count: 1,
    word_count: 0,
    popular_score: 0,
    trending_score: 0,
    allow_comments: 1,
    mature_content: 0,
    completion_status: 'ongoing' as const,
    language: 'English',
    copyright: 'All Rights Reserved',
    published_at: iso(now - 86_400_000),
    created_at: iso(now - 86_400_000),
    updated_at: iso(now - 86_400_000),
  });
  const chapter = (storyN: number, position: number) => ({
    id: uuid(storyN * 10_000 + position, 3),
    story_id: uuid(storyN, 2),
    title: `Chapter ${position}`,
    content: `<p>Chapter ${position} of the fan-out bench.</p>`,
    position,
    published: position === 1 ? 1 : 0,
    word_count: 6,
    reads_count: 0,
    paragraph_keys: null,
    published_at: position === 1 ? iso(now - 86_400_000) : null,
    created_at: iso(now - 86_400_000),
    updated_at: iso(now - 86_400_000),
  });
  const chapters = [0, 1].flatMap((s) =>
    Array.from({ length: drafts + 1 }, (_, i) => chapter(s, i + 1)),
  );
  await k.transaction().execute(async (trx) => {
    await insertBatched(trx, db.dialect, 'stories', [story(0), story(1)]);
    await insertBatched(trx, db.dialect, 'chapters', chapters);
  });
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(k);
  const draftsOf = (s: number) =>
    chapters.filter((c) => c.story_id === uuid(s, 2) && c.published === 0).map((c) => c.id);
  return {
    big: { email: 'fan0@example.com', storyId: uuid(0, 2), drafts: draftsOf(0) },
    small: { email: 'fan1@example.com', storyId: uuid(1, 2), drafts: draftsOf(1) },
  };
}

interface Publish {
  author: 'big' | 'small';
  how: 'PATCH' | 'POST';
  busy: boolean;
  ms: number;
  status: number;
}

async function signIn(origin: string, email: string): Promise<string> {
  const form = new URLSearchParams({ username: email, password: SEED_PASSWORD });
  const { access_token } = await getData<{ access_token: string }>(origin, {
    method: 'POST',
    path: '/api/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return access_token;
}

/** Publishes a draft (PATCH) or creates a published chapter (POST); answers its id and timing. */
async function publish(
  origin: string,
  token: string,
  how: 'PATCH' | 'POST',
  storyId: string,
  draft: string,
): Promise<{ ms: number; status: number; chapterId: string; at: number }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const response =
    how === 'PATCH'
      ? await fetch(`${origin}/api/chapters/${draft}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ published: true }),
        })
      : await fetch(`${origin}/api/chapters`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            story_id: storyId,
            title: 'A new chapter',
            content: '<p>Published at once.</p>',
            published: true,
          }),
        });
  const text = await response.text();
  const ms = performance.now() - started;
  const at = performance.now();
  if (!response.ok) throw new Error(`${how} answered ${response.status}: ${text.slice(0, 300)}`);
  const chapterId =
    how === 'PATCH' ? draft : (JSON.parse(text) as { data: { id: string } }).data.id;
  return { ms, status: response.status, chapterId, at };
}

/** Notifications about a chapter so far (notifications_chapter_idx). */
async function told(db: Db, chapterId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('notifications')
    .where('chapter_id', '=', chapterId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Seconds from `at` (performance.now() when the publish answered) until every follower was told. */
async function fanOutSeconds(db: Db, chapterId: string, at: number, timeoutS: number) {
  let last = 0;
  while ((performance.now() - at) / 1000 < timeoutS) {
    last = await told(db, chapterId);
    if (last >= FOLLOWERS) return { seconds: (performance.now() - at) / 1000, told: last };
    await sleep(100);
  }
  return { seconds: null, told: last };
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
function stats(list: Publish[]) {
  const ms = list.map((p) => p.ms).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: ms.length,
    p50: round(quantile(ms, 0.5)),
    p99: round(quantile(ms, 0.99)),
    max: round(ms.at(-1) ?? 0),
  };
}

async function main(): Promise<void> {
  const lib = library();
  console.info(
    `== fan-out, ${lib.db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${num(FOLLOWERS)} followers`,
  );
  await freshDatabase(lib);
  const db = createDb(
    lib.db === 'sqlite'
      ? { kind: 'sqlite', file: join(lib.dataDir, 'storyloom.db') }
      : { kind: 'postgres', url: lib.databaseUrl! },
  );
  const started = performance.now();
  await migrateToLatest(db);
  // Drafts enough for every PATCH publish (half the busy ones are POSTs, plus the quiet one).
  const authors = await load(db, BUSY_PUBLISHES + 2);
  console.info(
    `loaded ${num(FOLLOWERS + 2)} users and ${num(FOLLOWERS)} follows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const server = await startServer(lib, startCommand(ROOT), { RESPONSE_CACHE_MS: '0' });
  const publishes: Publish[] = [];
  const fanOuts: { chapter: string; when: string; seconds: number | null; told: number }[] = [];
  try {
    const tokens = {
      big: await signIn(server.origin, authors.big.email),
      small: await signIn(server.origin, authors.small.email),
    };
    const drafts = { big: [...authors.big.drafts], small: [...authors.small.drafts] };
    const go = async (author: 'big' | 'small', how: 'PATCH' | 'POST', busy: boolean) => {
      const p = await publish(
        server.origin,
        tokens[author],
        how,
        authors[author].storyId,
        drafts[author].shift()!,
      );
      publishes.push({ author, how, busy, ms: p.ms, status: p.status });
      return p;
    };
    // A warm-up publish by the author without followers (first request of its kind).
    await go('small', 'PATCH', false);
    publishes.length = 0;

    // 1. Quiet: one chapter, and how long telling every follower takes.
    const first = await go('big', 'PATCH', false);
    console.info(`publish on a quiet server: ${first.ms.toFixed(1)} ms`);
    const quiet = await fanOutSeconds(db, first.chapterId, first.at, 600);
    fanOuts.push({ chapter: first.chapterId, when: 'quiet', ...quiet });
    console.info(
      `fan-out to ${num(quiet.told)} followers: ${quiet.seconds?.toFixed(1) ?? 'did not finish in 600'} s`,
    );

    // 2. Busy: a chapter's fan-out runs while both authors publish more, by PATCH and by POST.
    const second = await go('big', 'PATCH', true);
    for (let i = 0; i < BUSY_PUBLISHES; i++) {
      await sleep(250);
      await go(i % 2 === 0 ? 'small' : 'big', i % 4 < 2 ? 'PATCH' : 'POST', true);
    }
    const during = await told(db, second.chapterId);
    console.info(
      `${BUSY_PUBLISHES + 1} publishes while fanning out (${num(during)} of ${num(FOLLOWERS)} told when they ended)`,
    );
    const busy = await fanOutSeconds(db, second.chapterId, second.at, 600);
    fanOuts.push({
      chapter: second.chapterId,
      when: 'busy: other publishes (and their fan-outs) alongside',
      ...busy,
    });
    console.info(`its fan-out: ${busy.seconds?.toFixed(1) ?? 'did not finish in 600'} s`);
  } finally {
    await server.stop();
    const said = server.output();
    if (said) console.warn(`server output (LOG_LEVEL=warn), last lines:\n${said}`);
    await db.close();
  }

  const summary = {
    all: stats(publishes),
    quiet: stats(publishes.filter((p) => !p.busy)),
    busy: stats(publishes.filter((p) => p.busy)),
    bigAuthor: stats(publishes.filter((p) => p.author === 'big')),
    noFollowers: stats(publishes.filter((p) => p.author === 'small')),
    patch: stats(publishes.filter((p) => p.how === 'PATCH')),
    post: stats(publishes.filter((p) => p.how === 'POST')),
  };
  for (const [name, s] of Object.entries(summary))
    console.info(
      `  ${name.padEnd(12)} ${String(s.count).padStart(3)} publishes  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms`,
    );
  const date = new Date();
  const file = join(
    values.out!,
    `fanout-${lib.db}-${FOLLOWERS >= 1000 ? `${FOLLOWERS / 1000}k` : FOLLOWERS}-${date.toISOString().slice(0, 19).replace(/:/g, '')}.json`,
  );
  mkdirSync(values.out!, { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ kind: 'fanout', db: lib.db, followers: FOLLOWERS, date: date.toISOString(), machine: machine(), git: gitState(ROOT), targets: { publishP99Ms: 50, fanOutSeconds: 60 }, publish: summary, fanOuts, publishes }, null, 2)}\n`,
  );
  console.info(`wrote ${shown(file)}`);
}

main().catch((error: unknown) => {
  console.error(
    `fan-out bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
