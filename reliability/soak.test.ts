import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { type CallOptions, call, describe, type Outcome } from './support/http.js';
import { writeResults } from './support/results.js';
import {
  assertBuilt,
  freePort,
  type MemoryAfterGc,
  SEED_SCRIPT,
  ServerProcess,
  sleep,
} from './support/server.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const STORIES = Number(process.env.SOAK_STORIES ?? 2000);
/** Requests allowed in flight at once; beyond it the generator skips rather than queue up. */
const MAX_IN_FLIGHT = 64;
const SAMPLE_EVERY_MS = 2_000;
/** RSS is compared from the end of warm-up: JIT, caches and pools have filled by then. */
const WARMUP_MS = Math.min(30_000, SECONDS * 200);
/** A full GC is forced this often after warm-up to read the memory really retained. */
const GC_EVERY_MS = 15_000;
/** Growth after warm-up that counts as a leak, both measured right after a full GC. */
const HEAP_GROWTH_BOUND = 16 * 1024 * 1024;
const RSS_GROWTH_BOUND = 64 * 1024 * 1024;
const WORDS = ['dragon', 'night', 'love', 'city', 'secret', 'storm', 'garden', 'star', 'house'];

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-soak-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Fixture {
  storyIds: string[];
  chapterIds: string[];
  authors: string[];
  readers: { token: string; storyId: string; chapterIds: string[] }[];
}

/** Fills the lists the traffic picks from, and signs up the readers who write. */
async function prepare(baseURL: string): Promise<Fixture> {
  const must = async (method: string, path: string, options: CallOptions = {}) => {
    const o = await call(baseURL, method, path, options);
    if (o.kind !== 'response' || o.status >= 300)
      throw new Error(`${method} ${path}: ${describe(o)}`);
    return o.body as { data?: unknown; access_token?: string };
  };
  const storyIds: string[] = [];
  const authors = new Set<string>();
  for (let page = 1; page <= 5; page += 1) {
    const body = await must('GET', `/api/stories?limit=100&page=${page}&sort=popular`);
    for (const s of (body.data as { items: { id: string; author: { username: string } }[] })
      .items) {
      storyIds.push(s.id);
      authors.add(s.author.username);
    }
  }
  const chapterIds: string[] = [];
  for (const id of storyIds.slice(0, 60)) {
    const body = await must('GET', `/api/chapters/by-story/${id}`);
    chapterIds.push(...(body.data as { id: string }[]).map((c) => c.id));
  }
  const readers: Fixture['readers'] = [];
  for (let i = 0; i < 4; i += 1) {
    const name = `soak${i}${randomBytes(3).toString('hex')}`;
    const email = `${name}@soak.example`;
    await must('POST', '/api/auth/signup', {
      json: { username: name, email, password: 'soak-password-1' },
    });
    const token = (
      await must('POST', '/api/auth/token', {
        form: { username: email, password: 'soak-password-1' },
      })
    ).access_token!;
    // Each reader writes chapters into a story of their own.
    const story = (
      await must('POST', '/api/stories/json', {
        token,
        json: {
          title: `Soak story ${name}`,
          genre: 'Fantasy',
          chapters: [{ title: 'One', content: '<p>The beginning.</p>' }],
        },
      })
    ).data as { id: string };
    readers.push({ token, storyId: story.id, chapterIds: [] });
  }
  return { storyIds, chapterIds, authors: [...authors], readers };
}

/** `GET /api/stories/0190…?page=2` -> `GET /api/stories/:id`, to group latencies. */
function routeOf(label: string): string {
  return label
    .split('?')[0]!
    .replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}/g, '/:id')
    .replace(/\/users\/(?!search|suggested|me\b|:id)[^/]+/, '/users/:name');
}

/** One request of the mix: mostly reads of what visitors browse, some signed-in writes. */
function nextRequest(f: Fixture): { method: string; path: string; options: CallOptions } {
  const r = Math.random();
  const reader = pick(f.readers);
  const signedIn = Math.random() < 0.3 ? { token: reader.token } : {};
  const story = pick(f.storyIds);
  if (r < 0.22) {
    const sort = pick(['latest', 'popular', 'trending']);
    const genre = Math.random() < 0.3 ? `&genre=${pick(['Fantasy', 'Romance', 'Mystery'])}` : '';
    const page = 1 + Math.floor(Math.random() * 5);
    return {
      method: 'GET',
      path: `/api/stories?page=${page}&sort=${sort}${genre}`,
      options: signedIn,
    };
  }
  if (r < 0.36) return { method: 'GET', path: `/api/stories/${story}`, options: signedIn };
  if (r < 0.5) return { method: 'GET', path: `/api/chapters/${pick(f.chapterIds)}`, options: {} };
  if (r < 0.55) return { method: 'GET', path: `/api/chapters/by-story/${story}`, options: {} };
  if (r < 0.64) {
    const q = Math.random() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS).slice(0, 3)}`;
    return { method: 'GET', path: `/api/stories/search?q=${encodeURIComponent(q)}`, options: {} };
  }
  if (r < 0.67)
    return {
      method: 'GET',
      path: `/api/users/search?q=${pick(f.authors).slice(0, 2)}`,
      options: {},
    };
  if (r < 0.71) return { method: 'GET', path: `/api/users/${pick(f.authors)}`, options: signedIn };
  if (r < 0.74) return { method: 'GET', path: `/api/stories/${story}/similar`, options: {} };
  if (r < 0.76)
    return { method: 'GET', path: '/api/feed/following', options: { token: reader.token } };
  if (r < 0.78) return { method: 'GET', path: '/api/library', options: { token: reader.token } };
  // Writes (about a fifth of the traffic).
  const token = { token: reader.token };
  if (r < 0.82)
    return { method: pick(['POST', 'DELETE']), path: `/api/stories/${story}/like`, options: token };
  if (r < 0.85)
    return { method: pick(['POST', 'DELETE']), path: `/api/library/${story}`, options: token };
  if (r < 0.87) {
    const action = pick(['follow', 'unfollow']);
    return { method: 'POST', path: `/api/users/${pick(f.authors)}/${action}`, options: token };
  }
  if (r < 0.93)
    return { method: 'POST', path: `/api/chapters/${pick(f.chapterIds)}/progress`, options: token };
  if (r < 0.995) {
    const ua = `soak-visitor-${Math.floor(Math.random() * 1000)}`;
    return {
      method: 'POST',
      path: `/api/chapters/${pick(f.chapterIds)}/progress`,
      options: { userAgent: ua },
    };
  }
  return {
    method: 'POST',
    path: '/api/chapters',
    options: {
      ...token,
      json: {
        story_id: reader.storyId,
        content: `<p>${'soak words '.repeat(50)}</p>`,
        published: true,
      },
    },
  };
}

if (!(SECONDS >= 30)) throw new Error(`SOAK_SECONDS must be at least 30, got ${SECONDS}`);

test(`soak: ${RATE} req/s of mixed traffic for ${SECONDS} s with no errors and flat memory`, async () => {
  assertBuilt();
  const exec = promisify(execFile);
  await exec(process.execPath, [SEED_SCRIPT, '--stories', String(STORIES), '--seed', '7'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });
  server = new ServerProcess({ port: await freePort(), dataDir, memoryProbe: true });
  await server.start();
  const fixture = await prepare(server.baseURL);

  const errors: string[] = [];
  let errorCount = 0;
  let completed = 0;
  let dispatched = 0;
  let skipped = 0;
  let inFlight = 0;
  let writes = 0;
  const byStatus: Record<string, number> = {};
  const pending = new Set<Promise<void>>();
  const latencies = new Map<string, number[]>();
  const record = (label: string, o: Outcome) => {
    completed += 1;
    const route = routeOf(label);
    const list = latencies.get(route) ?? [];
    list.push(o.ms);
    latencies.set(route, list);
    const key = o.kind === 'response' ? String(o.status) : o.kind;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    if (o.kind !== 'response' || o.status >= 300) {
      errorCount += 1;
      const at = Math.round((Date.now() - started) / 1000);
      if (errors.length < 20) errors.push(`at ${at} s: ${label} -> ${describe(o)}`);
    }
  };

  const samples: { at_s: number; rss_mib: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    samples.push({ at_s: Math.round((Date.now() - started) / 1000), rss_mib: MiB(server!.rss()) });
  }, SAMPLE_EVERY_MS);
  const rssStart = server.rss();

  const afterGc: { at_s: number; heap_mib: number; rss_mib: number; loop_delay_max_ms: number }[] =
    [];
  const measure = async () => {
    const m = await server!.measureMemory();
    const at_s = Math.round((Date.now() - started) / 1000);
    afterGc.push({
      at_s,
      heap_mib: MiB(m.heapUsed),
      rss_mib: MiB(m.rss),
      loop_delay_max_ms: m.loopDelayMaxMs,
    });
    return m;
  };
  let baseline: MemoryAfterGc | null = null;
  let nextGcAt = started + WARMUP_MS;
  // If the generator itself stalls, its latencies mean little: report how long it was blocked.
  const clientLoop = monitorEventLoopDelay({ resolution: 20 });
  clientLoop.enable();
  const endAt = started + SECONDS * 1000;
  while (Date.now() < endAt) {
    if (Date.now() >= nextGcAt && endAt - Date.now() > 2_000) {
      nextGcAt += GC_EVERY_MS;
      const m = await measure();
      baseline ??= m;
    }
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (dispatched < due) {
      dispatched += 1;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      const { method, path, options } = nextRequest(fixture);
      if (method !== 'GET') writes += 1;
      inFlight += 1;
      const p = call(server.baseURL, method, path, { ...options, timeoutMs: 30_000 }).then((o) => {
        inFlight -= 1;
        record(`${method} ${path}`, o);
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    await sleep(10);
  }
  await Promise.all(pending);
  clearInterval(sampler);
  const elapsedS = (Date.now() - started) / 1000;
  const rssEnd = server.rss();
  expect(server.running, server.log()).toBe(true);
  const final = await measure();
  if (!baseline) throw new Error('no memory baseline was taken after warm-up');
  const heapGrowth = final.heapUsed - baseline.heapUsed;
  const rssGrowth = final.rss - baseline.rss;
  const peak = Math.max(...samples.map((s) => s.rss_mib));

  writeResults('soak', {
    database: 'sqlite',
    seeded_stories: STORIES,
    target_rate_per_s: RATE,
    achieved_rate_per_s: Math.round((completed / elapsedS) * 10) / 10,
    duration_s: Math.round(elapsedS),
    requests: completed,
    writes,
    skipped_at_concurrency_cap: skipped,
    errors: errorCount,
    by_status: byStatus,
    rss_mib: { start: MiB(rssStart), end: MiB(rssEnd), peak },
    warmup_s: WARMUP_MS / 1000,
    client_loop_delay_max_ms: Math.round(clientLoop.max / 1e6),
    client_loop_delay_p99_ms: Math.round(clientLoop.percentile(99) / 1e6),
    // Retained memory: read right after a forced full GC, at warm-up's end and at the end.
    after_gc_mib: {
      heap_after_warmup: MiB(baseline.heapUsed),
      heap_end: MiB(final.heapUsed),
      heap_growth: MiB(heapGrowth),
      heap_growth_bound: MiB(HEAP_GROWTH_BOUND),
      rss_after_warmup: MiB(baseline.rss),
      rss_end: MiB(final.rss),
      rss_growth: MiB(rssGrowth),
      rss_growth_bound: MiB(RSS_GROWTH_BOUND),
      series: afterGc,
    },
    error_samples: errors,
    latency_ms_by_route: Object.fromEntries(
      [...latencies]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, ms]) => {
          const sorted = [...ms].sort((a, b) => a - b);
          const at = (q: number) =>
            sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
          return [route, { n: ms.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) }];
        }),
    ),
    rss_samples: samples,
  });

  expect(errors, errors.join('\n')).toEqual([]);
  // The generator really ran (not a speed check: a loaded machine may fall short of RATE).
  expect(completed).toBeGreaterThan(RATE * SECONDS * 0.25);
  expect(heapGrowth).toBeLessThan(HEAP_GROWTH_BOUND);
  expect(rssGrowth).toBeLessThan(RSS_GROWTH_BOUND);
});
