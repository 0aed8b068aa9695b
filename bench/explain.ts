/**
 * The query plans behind every GET route, on a seeded library: each route is called in-process
 * the way the web app calls it (lists at page 1 and a deep page, each sort, a genre, search,
 * profiles, feeds), every SQL statement it runs is recorded through Kysely's query log, and each
 * distinct SELECT is explained (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL). A plan
 * that reads a whole large table fails the run.
 *
 * A query on comments must also seek its first equality (a chapter's thread, counts and total,
 * a comment's replies) in an index: reading all of comments_thread_idx is as bad as a scan.
 *
 *   DATA_DIR=bench/data/sqlite-1m npx tsx bench/explain.ts        (SQLite)
 *   DATABASE_URL=postgres://... npx tsx bench/explain.ts           (PostgreSQL)
 *   ... npx tsx bench/explain.ts --comments                        (the comment routes alone)
 *   ... npx tsx bench/explain.ts --notifications                   (the notification routes alone)
 *
 * A query on notifications must seek its user (`user_id = ?`) in an index, as the list, the
 * unread count and the stream each read one person's rows.
 *
 * Writes bench/results/explain-<db>.json and the plans section of docs/performance.md; with
 * --comments or --notifications, bench/results/explain-<db>-<group>.json only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, type Kysely } from 'kysely';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, prepareDataDir } from '../apps/api/src/config.js';
import { createDb } from '../apps/api/src/db/index.js';
import type { Database } from '../apps/api/src/db/types.js';
import { DEMO_PASSWORD } from '../apps/api/src/seed/users.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Recorded {
  sql: string;
  parameters: readonly unknown[];
}

interface PlanReport {
  route: string;
  request: string;
  sql: string;
  plan: string[];
  fullScans: string[];
  /**
   * PostgreSQL: the generic plan, made without the parameters' values, that a connection may
   * keep for a statement it runs again (decision 050), and what it reads whole.
   */
  genericPlan?: string[];
  genericFullScans?: string[];
}

/** Only the comment routes (issue 19), without touching docs/performance.md. */
const commentsOnly = process.argv.includes('--comments');
/** Only the notification routes (issue 20), likewise. */
const notificationsOnly = process.argv.includes('--notifications');
/** One group of routes alone: its results file's suffix; null for every route. */
const group = commentsOnly ? 'comments' : notificationsOnly ? 'notifications' : null;

/** Tables small enough (or read whole by design) that a scan is not a finding. */
const SMALL_TABLES = new Set(['kysely_migration', 'kysely_migration_lock', 'reader_salts']);

/** SQLite: `SCAN t` without an index is a full scan; PostgreSQL: `Seq Scan on t`. */
function fullScans(plan: string[]): string[] {
  const found: string[] = [];
  // SQLite's names for subqueries it runs as co-routines or materializes: reading them is no scan.
  const subqueries = new Set(
    plan.flatMap((line) => /(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(line)?.[1] ?? []),
  );
  for (const line of plan) {
    // `SCAN CONSTANT ROW`: a SELECT without a table (`select exists (…)`, a CTE's seed row).
    const sqlite = /^\s*(?:\W+)?SCAN (?!CONSTANT ROW)(\w+)(?! USING| VIRTUAL)(?:\s|$)/.exec(line);
    const pg = /Seq Scan on (\w+)/.exec(line);
    const table = sqlite?.[1] ?? pg?.[1];
    if (table && !SMALL_TABLES.has(table) && !subqueries.has(table)) found.push(line.trim());
  }
  return found;
}

/**
 * A query on comments that does not seek its first equality (`where "chapter_id" = ?`, or
 * `"parent_id"`, `"id"`) in an index: SQLite must SEARCH on it and never SCAN comments,
 * PostgreSQL must have it in an Index Cond.
 */
function commentSeeks(sql: string, plan: string[]): string[] {
  if (!/from "comments"/.test(sql)) return [];
  const column = /where "(?:comments"\.")?(\w+)" (?:= (?:\?|\$\d+)|in \()/.exec(sql)?.[1];
  if (!column) return [`comments without an equality to seek: ${sql.slice(0, 80)}`];
  const sqliteSeek = new RegExp(`SEARCH comments USING (?:COVERING )?INDEX \\w+ \\(${column}=\\?`);
  const pgSeek = new RegExp(`Index Cond: \\(+(?:comments\\.)?${column} = `);
  const scans = plan.filter((line) => /\bSCAN comments\b|Seq Scan on comments/.test(line));
  const seeks = plan.some((line) => sqliteSeek.test(line) || pgSeek.test(line));
  return [
    ...scans.map((line) => line.trim()),
    ...(seeks ? [] : [`comments not sought by ${column}`]),
  ];
}

/** A query on notifications that does not seek `user_id` in an index (SQLite SEARCH, PG Index Cond). */
function notificationSeeks(sql: string, plan: string[]): string[] {
  if (!/from "notifications"/.test(sql) || !/"user_id" = (?:\?|\$\d+)/.test(sql)) return [];
  // The page and the stream read notifications as "n", with their context joined.
  const scans = plan.filter((line) =>
    /\bSCAN (?:notifications|n)\b|Seq Scan on notifications/.test(line),
  );
  const seeks = plan.some(
    (line) =>
      /SEARCH (?:notifications|n) USING (?:COVERING )?INDEX \w+ \(user_id=\?/.test(line) ||
      /Index Cond: \(+(?:notifications\.|n\.)?user_id = /.test(line),
  );
  // Unread rows are few and read ones many: they are counted and listed from the partial index
  // of unread notifications, not by reading every notification of the user.
  const unread = /"read_at" is null/.test(sql) && /count\(\*\)/.test(sql);
  const open = plan.some((line) => /notifications_open_idx/.test(line));
  return [
    ...scans.map((line) => line.trim()),
    ...(seeks ? [] : ['notifications not sought by user_id']),
    ...(unread && !open ? ['unread notifications not read from notifications_open_idx'] : []),
  ];
}

/**
 * The notification routes as the user with the most notifications: the first page, the unread
 * page, a later page and the unread count (signed in as them: `token`).
 */
async function notificationRequests(k: Kysely<Database>) {
  const busiest = await k
    .selectFrom('notifications')
    .groupBy('user_id')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!busiest) throw new Error('no notifications: seed the library again (issue 20 seeds them)');
  const user = await k
    .selectFrom('users')
    .where('id', '=', busiest.user_id)
    .select('email')
    .executeTakeFirstOrThrow();
  const route = 'GET /notifications';
  return {
    email: user.email,
    requests: [
      { route, url: '/api/notifications?page=1&limit=20' },
      { route, url: '/api/notifications?page=1&limit=20&unread=true' },
      { route, url: '/api/notifications?page=5&limit=20' },
      { route: 'GET /notifications/unread-count', url: '/api/notifications/unread-count' },
    ],
  };
}

/**
 * The comment routes on the chapter with the most top-level comments of a public story (its
 * thread in each order, chapter-level and on its busiest paragraph, the counts, a comment's
 * replies), and a signed-in reader's page (their likes among it).
 */
async function commentRequests(k: Kysely<Database>) {
  const busiest = await k
    .selectFrom('comments')
    .where('parent_id', 'is', null)
    .groupBy('chapter_id')
    .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('n')])
    .orderBy('n', 'desc')
    .limit(20)
    .execute();
  const readable = await k
    .selectFrom('chapters')
    .innerJoin('stories', 'stories.id', 'chapters.story_id')
    .where(
      'chapters.id',
      'in',
      busiest.map((b) => b.chapter_id),
    )
    .where('chapters.published', '=', 1)
    .where('stories.visibility', '=', 'public')
    .select(['chapters.id', 'chapters.paragraph_keys'])
    .execute();
  const chapter = busiest
    .map((b) => readable.find((r) => r.id === b.chapter_id))
    .find((r) => r !== undefined);
  if (!chapter) throw new Error('no comments on a public chapter: seed the library first');
  const [hot] = await k
    .selectFrom('comments')
    .where('chapter_id', '=', chapter.id)
    .where('parent_id', 'is', null)
    .where('paragraph_key', 'is not', null)
    .groupBy('paragraph_key')
    .select(['paragraph_key', (eb) => eb.fn.countAll<number>().as('n')])
    .orderBy('n', 'desc')
    .limit(1)
    .execute();
  const keys = JSON.parse(chapter.paragraph_keys ?? '[]') as string[];
  const paragraph = Math.max(0, hot?.paragraph_key ? keys.indexOf(hot.paragraph_key) : 0);
  const answered = await k
    .selectFrom('comments')
    .where('chapter_id', '=', chapter.id)
    .where('replies_count', '>', 0)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  const thread = `/api/chapters/${chapter.id}/comments?page=1&limit=20`;
  const requests: { route: string; url: string; auth?: boolean }[] = [];
  for (const sort of ['newest', 'oldest', 'top']) {
    requests.push({ route: 'GET /chapters/{id}/comments', url: `${thread}&sort=${sort}` });
    requests.push({
      route: 'GET /chapters/{id}/comments',
      url: `${thread}&sort=${sort}&paragraph=${paragraph}`,
    });
  }
  requests.push(
    { route: 'GET /chapters/{id}/comments', url: `${thread}&sort=newest`, auth: true },
    {
      route: 'GET /chapters/{id}/comment-counts',
      url: `/api/chapters/${chapter.id}/comment-counts`,
    },
  );
  if (answered) {
    requests.push({
      route: 'GET /comments/{id}/replies',
      url: `/api/comments/${answered.id}/replies?page=1&limit=20`,
    });
  }
  return requests;
}

async function main(): Promise<void> {
  const config = prepareDataDir(loadConfig());
  let recording: Recorded[] = [];
  const db = createDb(config.database, {
    log: (event) => {
      if (event.level === 'query') recording.push(event.query);
    },
  });
  const app = await buildApp(config, { db, logger: false });
  const k = db.kysely;

  const story = await k
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.author_id')
    .where('stories.visibility', '=', 'public')
    .where('stories.chapters_count', '>', 1)
    .orderBy('stories.popular_score', 'desc')
    .select(['stories.id', 'stories.genre', 'users.username'])
    .executeTakeFirstOrThrow();
  const chapter = await k
    .selectFrom('chapters')
    .where('story_id', '=', story.id)
    .where('published', '=', 1)
    .select('id')
    .executeTakeFirstOrThrow();
  const reader = await k
    .selectFrom('users')
    .where('following_count', '>', 0)
    .where('email_verified_at', 'is not', null)
    .orderBy('following_count', 'desc')
    .select(['email', 'username'])
    .executeTakeFirstOrThrow();
  const { count } = await k
    .selectFrom('stories')
    .where('visibility', '=', 'public')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  // The API pages through the first 10,000 results of a list; the deepest page of 20 is 500.
  const deepPage = Math.max(1, Math.min(500, Math.floor(Number(count) / 20)));
  const { authors } = await k
    .selectFrom('users')
    .where('stories_count', '>', 0)
    .select((eb) => eb.fn.countAll<number>().as('authors'))
    .executeTakeFirstOrThrow();
  // The filters' tags (issue 23): the most and the least used.
  const tagUse = await k
    .selectFrom('story_tags')
    .select(['tag_key', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('tag_key')
    .orderBy('n', 'desc')
    .orderBy('tag_key')
    .execute();
  const commonTag = encodeURIComponent(tagUse[0]?.tag_key ?? 'drama');
  const rareTag = encodeURIComponent(tagUse.at(-1)?.tag_key ?? 'drama');
  // A word range around the median and the longest stories' (stories_words_idx).
  const wordsAt = async (fraction: number) =>
    Number(
      (
        await k
          .selectFrom('stories')
          .select('word_count')
          .where('visibility', '=', 'public')
          .orderBy('word_count')
          .offset(Math.floor(Number(count) * fraction))
          .limit(1)
          .executeTakeFirst()
      )?.word_count ?? 0,
    );
  const [q25, q75, q99] = [await wordsAt(0.25), await wordsAt(0.75), await wordsAt(0.99)];
  // The directory's pages of 24 (apps/web), within the same window: at most page 417.
  const deepAuthorsPage = Math.max(1, Math.min(417, Math.ceil(Number(authors) / 24)));

  const signIn = async (email: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    return (login.json() as { access_token: string }).access_token;
  };
  const token = await signIn(reader.email);
  const notified = await notificationRequests(k);
  const notifiedToken = await signIn(notified.email);

  const requests: { route: string; url: string; auth?: boolean | string }[] = [];
  for (const sort of group ? [] : ['latest', 'popular', 'trending']) {
    requests.push({ route: 'GET /stories', url: `/api/stories?sort=${sort}&page=1` });
    requests.push({
      route: 'GET /stories',
      url: `/api/stories?sort=${sort}&page=${deepPage}&limit=20`,
    });
    requests.push({ route: 'GET /stories', url: `/api/stories?sort=${sort}&genre=${story.genre}` });
    // A narrower rating than the visitor's all-ages lists (docs/decisions/023-ratings.md).
    requests.push({
      route: 'GET /stories',
      url: `/api/stories?sort=${sort}&rating=teen&page=${deepPage}&limit=20`,
    });
    // Filters (docs/decisions/031-story-filters.md): a common and a rare tag, an excluded tag,
    // and the rating, status, word range and language together.
    for (const filter of [
      `tags=${commonTag}`,
      `tags=${rareTag}`,
      `exclude_tags=${commonTag}`,
      `tags=${commonTag}&exclude_tags=${rareTag}&status=ongoing`,
      `rating=general,teen&status=completed&words_min=${q25}&words_max=${q75}`,
      `rating=general&status=ongoing&language=Spanish&words_min=${q25}`,
      `words_min=${q99}`,
    ])
      requests.push({ route: 'GET /stories', url: `/api/stories?sort=${sort}&${filter}&page=1` });
  }
  for (const q of group ? [] : ['the', 'lighthouse', 'drag', 'silver moon']) {
    requests.push({
      route: 'GET /stories/search',
      url: `/api/stories/search?q=${encodeURIComponent(q)}`,
    });
    requests.push({
      route: 'GET /stories/search',
      url: `/api/stories/search?q=${encodeURIComponent(q)}&sort=popular&genre=${story.genre}`,
    });
    requests.push({
      route: 'GET /stories/search',
      url: `/api/stories/search?q=${encodeURIComponent(q)}&rating=general`,
    });
  }
  const everyRoute: typeof requests = [
    { route: 'GET /home', url: '/api/home' },
    { route: 'GET /stories/{id}', url: `/api/stories/${story.id}`, auth: true },
    { route: 'GET /stories/{id}/similar', url: `/api/stories/${story.id}/similar?limit=4` },
    { route: 'GET /chapters/by-story/{id}', url: `/api/chapters/by-story/${story.id}` },
    {
      route: 'GET /stories/{id}/chapters',
      url: `/api/stories/${story.id}/chapters?published_only=true`,
    },
    { route: 'GET /chapters/{id}', url: `/api/chapters/${chapter.id}` },
    { route: 'GET /users/{username}', url: `/api/users/${story.username}` },
    { route: 'GET /users/{username}/stories', url: `/api/users/${story.username}/stories` },
    { route: 'GET /users/{username}/followers', url: `/api/users/${story.username}/followers` },
    { route: 'GET /users/{username}/following', url: `/api/users/${reader.username}/following` },
    { route: 'GET /users/search', url: `/api/users/search?q=${story.username.slice(0, 3)}` },
    { route: 'GET /users/authors', url: '/api/users/authors?page=1&limit=24' },
    {
      route: 'GET /users/authors',
      url: `/api/users/authors?page=${deepAuthorsPage}&limit=24`,
      auth: true,
    },
    { route: 'GET /feed/following', url: '/api/feed/following', auth: true },
    { route: 'GET /users/suggested', url: '/api/users/suggested?limit=5', auth: true },
    { route: 'GET /library', url: '/api/library', auth: true },
    { route: 'GET /users/me/likes', url: '/api/users/me/likes', auth: true },
    { route: 'GET /users/me/progress', url: '/api/users/me/progress', auth: true },
    { route: 'GET /users/me/stats', url: '/api/users/me/stats', auth: true },
    { route: 'GET /users/me/stories', url: '/api/users/me/stories', auth: true },
  ];
  if (!group) requests.push(...everyRoute);
  if (group !== 'notifications') requests.push(...(await commentRequests(k)));
  if (group !== 'comments')
    requests.push(...notified.requests.map((r) => ({ ...r, auth: notifiedToken })));

  const reports: PlanReport[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    recording = [];
    const response = await app.inject({
      method: 'GET',
      url: request.url,
      headers: request.auth
        ? {
            authorization: `Bearer ${typeof request.auth === 'string' ? request.auth : token}`,
          }
        : {},
    });
    if (response.statusCode !== 200) {
      throw new Error(`${request.url} answered ${response.statusCode}: ${response.body}`);
    }
    for (const query of recording) {
      if (!/^\s*(select|with)\b/i.test(query.sql) || seen.has(query.sql)) continue;
      seen.add(query.sql);
      const plan = await explain(query);
      const generic = db.dialect === 'postgres' ? await genericPlan(query) : undefined;
      reports.push({
        route: request.route,
        request: request.url,
        sql: query.sql,
        plan,
        fullScans: [
          ...fullScans(plan),
          ...commentSeeks(query.sql, plan),
          ...notificationSeeks(query.sql, plan),
        ],
        ...(generic ? { genericPlan: generic, genericFullScans: fullScans(generic) } : {}),
      });
    }
  }
  await app.close();

  async function explain(query: Recorded): Promise<string[]> {
    const prefix = db.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const { rows } = await explainDb.kysely.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
    );
    return rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
  }

  /**
   * The plan PostgreSQL makes for a query without its parameters' values (`force_generic_plan`
   * on a statement prepared in SQL, then EXPLAIN EXECUTE with the recorded values), on one
   * connection. PREPARE outlives a rolled-back transaction, so the statement is dropped after.
   */
  async function genericPlan(query: Recorded): Promise<string[]> {
    const name = `explained_generic_${reports.length}`;
    const args = query.parameters.map(sqlLiteral).join(', ');
    const run = (conn: Kysely<Database>, text: string) =>
      conn.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text));
    return explainDb.kysely.connection().execute(async (conn) => {
      try {
        await run(conn, 'begin');
        await run(conn, 'set local plan_cache_mode = force_generic_plan');
        await run(conn, `prepare ${name} as ${query.sql}`);
        const { rows } = await run(conn, `explain execute ${name}${args ? `(${args})` : ''}`);
        return rows.map((row) => String(row['QUERY PLAN']));
      } catch (error) {
        return [`(no generic plan: ${error instanceof Error ? error.message : String(error)})`];
      } finally {
        await run(conn, 'rollback');
        await run(conn, `deallocate ${name}`).catch(() => {});
      }
    });
  }

  const dbName = db.dialect;
  const stories = Number(count);
  write(dbName, stories, reports);
  const failures = reports.filter((r) => r.fullScans.length > 0);
  console.info(
    `${reports.length} distinct queries explained; ${failures.length} read a whole table.`,
  );
  if (db.dialect === 'postgres') {
    // Reported, not failed: PostgreSQL keeps a generic plan only when it costs no more than
    // the plans made for the values, which a whole-table read rarely does.
    const generic = reports.filter((r) => (r.genericFullScans ?? []).length > 0);
    console.info(`${generic.length} generic plans read a whole table.`);
    for (const g of generic) {
      console.info(`  ${g.route} (generic): ${g.genericFullScans!.join('; ')}\n    ${g.sql}`);
    }
  }
  for (const f of failures) console.info(`  ${f.route}: ${f.fullScans.join('; ')}\n    ${f.sql}`);
  if (failures.length > 0) process.exitCode = 1;
}

/** A recorded parameter as an SQL literal, of no type until the prepared statement gives it one. */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value))) {
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text =
    value instanceof Date
      ? value.toISOString()
      : Buffer.isBuffer(value)
        ? `\\x${value.toString('hex')}`
        : Array.isArray(value)
          ? arrayLiteral(value)
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** An array's text form (`{"a","b",NULL}`), nested arrays within it. */
function arrayLiteral(items: unknown[]): string {
  const item = (value: unknown): string =>
    value === null || value === undefined
      ? 'NULL'
      : Array.isArray(value)
        ? arrayLiteral(value)
        : `"${String(value instanceof Date ? value.toISOString() : value).replace(/["\\]/g, '\\$&')}"`;
  return `{${items.map(item).join(',')}}`;
}

// The app closes its own database; EXPLAIN runs on a second connection opened after it.
let explainDb: ReturnType<typeof createDb>;

function write(dialect: string, publicStories: number, reports: PlanReport[]): void {
  const results = join(root, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    join(results, `explain-${dialect}${group ? `-${group}` : ''}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), dialect, publicStories, queries: reports }, null, 2)}\n`,
  );
  if (group) return;
  const doc = join(root, 'docs', 'performance.md');
  const text = existsSync(doc) ? readFileSync(doc, 'utf8') : '# Performance\n';
  const marker = (edge: string) => `<!-- explain-${dialect}:${edge} -->`;
  const lines = [
    marker('start'),
    '',
    `${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${publicStories.toLocaleString('en-US')} public stories, ${new Date().toISOString().slice(0, 10)}: ${reports.length} distinct queries, ${reports.filter((r) => r.fullScans.length > 0).length} full scans.`,
    '',
    '| route | query (start) | plan |',
    '|---|---|---|',
    ...reports.map(
      (r) =>
        `| \`${r.route}\` | \`${r.sql.replace(/\s+/g, ' ').slice(0, 70).replaceAll('|', '\\|')}…\` | ${r.plan
          .map((p) => `\`${p.trim().replaceAll('|', '\\|')}\``)
          .join('<br>')} |`,
    ),
    '',
    marker('end'),
  ];
  const start = text.indexOf(marker('start'));
  const end = text.indexOf(marker('end'));
  const section = lines.join('\n');
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + section + text.slice(end + marker('end').length)
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(doc, next);
}

explainDb = createDb(prepareDataDir(loadConfig()).database);
main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => explainDb.close());
