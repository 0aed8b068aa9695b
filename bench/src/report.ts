/**
 * `npm run bench:report`: rewrites the section of docs/performance.md between the bench markers
 * from the JSON in bench/results: per size, every endpoint on SQLite and PostgreSQL side by side
 * (uncached figures with the targets marked, then the cached ones), p99 growth across sizes,
 * and the runs behind the figures. Reads run files of format 1 (cached only) and 2.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sizeLabel } from './options.js';
import { ROOT, shown } from './paths.js';
import type {
  DbKind,
  EndpointKind,
  EndpointResult,
  Mode,
  RunConfig,
  RunResult,
  RunResultV1,
} from './types.js';
import { ENDPOINT_NAMES } from './workload.js';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

/**
 * The targets (issue "Speed that every visitor gets"), judged on the uncached figures at 1M
 * stories and 50 connections, and marked at every size.
 */
export const TARGETS = {
  /** Lists, story detail, story contents, chapters by story, chapter. */
  readP99: 25,
  ceilingShare: 0.3,
  searchP50: 10,
  searchP99: 50,
  /** A chapter's first page of comments and its paragraph counts (issue 19). */
  commentsP99: 25,
  /** A signed-in user's notifications (issue 20): the bell's count and the first page. */
  notificationsP99: {
    'notifications-unread': 10,
    'notifications-page': 25,
    // A signed-in author's own list, judged as the notifications page (issue 22).
    'trash-list': 25,
  } as Record<string, number>,
  /** A story's Stats view for its author, on a story with a million reads (issue 22). */
  statsP99: 50,
  pageP99: 150,
  /** Page answers that may be the bare app shell instead of a rendered page. */
  shellShare: 0.05,
  pageRps: { 'page-home': 400, 'page-story': 600, 'page-reader': 600 } as Record<string, number>,
  rssMb: 250,
};
/** The size the targets are judged at. */
export const TARGET_STORIES = 1_000_000;

const DBS: DbKind[] = ['sqlite', 'postgres'];
const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const num = (n: number) => n.toLocaleString('en-US');
const pct = (ratio: number | null) => (ratio === null ? '?' : `${Math.round(ratio * 100)}%`);
const pct1 = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const kilo = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
const fixed = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** Held to the read p99 bound and to a share of the ceiling. */
const READS: readonly EndpointKind[] = ['list', 'detail', 'read'];

/**
 * The targets an endpoint's uncached figures miss, in words; empty when all are met, null
 * when it has no uncached figures to judge.
 */
export function misses(e: EndpointResult): string[] | null {
  const { ours } = e;
  if (!ours) return null;
  const out: string[] = [];
  if (ours.errors > 0) out.push(`${num(ours.errors)} errors`);
  if (READS.includes(e.kind)) {
    if (ours.p99 >= TARGETS.readP99) out.push(`p99 ≥ ${TARGETS.readP99} ms`);
    if ((e.ratio ?? 0) < TARGETS.ceilingShare) {
      out.push(`${pct(e.ratio)} of ceiling < ${pct(TARGETS.ceilingShare)}`);
    }
  } else if (e.kind === 'comments') {
    if (ours.p99 >= TARGETS.commentsP99) out.push(`p99 ≥ ${TARGETS.commentsP99} ms`);
  } else if (e.kind === 'notifications') {
    const bound = TARGETS.notificationsP99[e.name];
    if (bound !== undefined && ours.p99 >= bound) out.push(`p99 ≥ ${bound} ms`);
  } else if (e.kind === 'stats') {
    if (ours.p99 >= TARGETS.statsP99) out.push(`p99 ≥ ${TARGETS.statsP99} ms`);
  } else if (e.kind === 'search') {
    if (ours.p50 >= TARGETS.searchP50) out.push(`p50 ≥ ${TARGETS.searchP50} ms`);
    if (ours.p99 >= TARGETS.searchP99) out.push(`p99 ≥ ${TARGETS.searchP99} ms`);
  } else if (e.kind === 'page') {
    const shell = ours.shellShare ?? null;
    if (shell !== null && shell > TARGETS.shellShare) {
      out.push(`shell ${pct1(shell)} > ${pct(TARGETS.shellShare)}`);
    }
    const rps = TARGETS.pageRps[e.name];
    if (rps !== undefined && ours.rps < rps) out.push(`< ${num(rps)} req/s`);
    if (ours.p99 >= TARGETS.pageP99) out.push(`p99 ≥ ${TARGETS.pageP99} ms`);
  }
  return out;
}

const mark = (missed: string[] | null) =>
  missed === null ? '—' : missed.length === 0 ? '✅' : `❌ ${missed.join('; ')}`;
const rssMark = (mb: number | null) =>
  mb === null ? '—' : `${mb} MB ${mb <= TARGETS.rssMb ? '✅' : `❌ > ${TARGETS.rssMb} MB`}`;

/** `sqlite-10k-2026-01-31T120000.json`; other files in the directory are not runs. */
const RESULT_FILE = /^(sqlite|postgres)-[0-9a-z]+-[0-9T-]+\.json$/;

/**
 * A run file of either format as format 2. Format 1 runs were all measured with the response
 * micro-cache on: their figures are the cached column, and the uncached one is missing.
 */
export function upgrade(run: RunResult | RunResultV1): RunResult {
  if (run.format === 2) return run;
  return {
    ...run,
    format: 2,
    config: {
      ...run.config,
      modes: ['cached'],
      nodeFlags: null,
      nodeFlagsFrom: null,
      renderShedDelayMs: null,
      sample: null,
    },
    server: { peakRssMb: null, cachedPeakRssMb: run.server.peakRssMb },
    endpoints: run.endpoints.map((e) => ({
      ...e,
      ours: null,
      cached: { ...e.ours, pages: null, shellShare: null },
      ratio: null,
      cachedRatio: e.ratio,
    })),
  };
}

export function loadRuns(dir: string): RunResult[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => RESULT_FILE.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunResult | RunResultV1)
    .filter((r) => (r?.format === 1 || r?.format === 2) && r.endpoints.length > 0)
    .map(upgrade)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * Per database and size: the newest figures of each endpoint in each mode (possibly from
 * different runs), and the runs they come from, newest first.
 */
interface Latest {
  runs: RunResult[];
  uncached: Map<string, EndpointResult>;
  cached: Map<string, EndpointResult>;
}

function latestFigures(runs: RunResult[]): Map<number, Map<DbKind, Latest>> {
  const bySize = new Map<number, Map<DbKind, Latest>>();
  for (const run of runs) {
    const byDb = bySize.get(run.size.stories) ?? new Map<DbKind, Latest>();
    bySize.set(run.size.stories, byDb);
    const latest: Latest = byDb.get(run.db) ?? {
      runs: [],
      uncached: new Map(),
      cached: new Map(),
    };
    byDb.set(run.db, latest);
    let used = false;
    for (const e of run.endpoints) {
      if (e.ours && !latest.uncached.has(e.name)) {
        latest.uncached.set(e.name, e);
        used = true;
      }
      if (e.cached && !latest.cached.has(e.name)) {
        latest.cached.set(e.name, e);
        used = true;
      }
    }
    if (used) latest.runs.push(run);
  }
  return new Map([...bySize].sort(([a], [b]) => a - b));
}

const namesOf = (latest: Latest) => [...latest.uncached.keys(), ...latest.cached.keys()];

function endpointOrder(names: Iterable<string>): string[] {
  const present = new Set(names);
  return [
    ...ENDPOINT_NAMES.filter((n) => present.has(n)),
    ...[...present].filter((n) => !ENDPOINT_NAMES.includes(n)),
  ];
}

/**
 * The server's peak RSS in a mode, from the run that loaded the most endpoints in that mode
 * (the newest of those): it covers the most.
 */
function peakRss(latest: Latest, mode: Mode): number | null {
  const measured = (run: RunResult) =>
    run.endpoints.filter((e) => (mode === 'uncached' ? e.ours : e.cached)).length;
  const rss = (run: RunResult) =>
    mode === 'uncached' ? run.server.peakRssMb : run.server.cachedPeakRssMb;
  const runs = latest.runs.filter((run) => measured(run) > 0 && rss(run) !== null);
  if (runs.length === 0) return null;
  return rss(runs.reduce((best, run) => (measured(run) > measured(best) ? run : best)));
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function sizeTable(label: string, byDb: Map<DbKind, Latest>): string[] {
  const dbs = DBS.filter((db) => byDb.has(db));
  const header = ['endpoint'];
  const align = ['---'];
  for (const db of dbs) {
    header.push(
      `${DB_NAMES[db]} req/s`,
      'p50 ms',
      'p99 ms',
      'errors',
      'ours / ceiling',
      'shell',
      'targets',
      'cached req/s',
      'cached p99 ms',
    );
    align.push('---:', '---:', '---:', '---:', '---:', '---:', '---', '---:', '---:');
  }
  const lines = [`### ${label} stories`, '', row(header), row(align)];
  const names = endpointOrder(dbs.flatMap((db) => namesOf(byDb.get(db)!)));
  for (const name of names) {
    const cells = [`\`${name}\``];
    for (const db of dbs) {
      const latest = byDb.get(db)!;
      const e = latest.uncached.get(name);
      if (e?.ours) {
        const ceiling = e.ceiling ? `${pct(e.ratio)} of ${kilo(e.ceiling.rps)}` : '?';
        const shell = e.ours.shellShare ?? null;
        cells.push(
          num(e.ours.rps),
          fixed(e.ours.p50),
          fixed(e.ours.p99),
          num(e.ours.errors),
          ceiling,
          shell === null ? '' : pct1(shell),
          mark(misses(e)),
        );
      } else {
        cells.push('—', '', '', '', '', '', '—');
      }
      const cached = latest.cached.get(name)?.cached;
      cells.push(cached ? num(cached.rps) : '—', cached ? fixed(cached.p99) : '');
    }
    lines.push(row(cells));
  }
  const rss = ['server peak RSS'];
  for (const db of dbs) {
    const latest = byDb.get(db)!;
    rss.push(rssMark(peakRss(latest, 'uncached')), '', '', '', '', '', '');
    rss.push(rssMark(peakRss(latest, 'cached')), '');
  }
  lines.push(row(rss), '');
  return lines;
}

function growthTable(bySize: Map<number, Map<DbKind, Latest>>): string[] {
  if (bySize.size < 2) return [];
  const sizes = [...bySize.entries()];
  const dbs = DBS.filter((db) => sizes.some(([, byDb]) => byDb.has(db)));
  const names = endpointOrder(
    sizes.flatMap(([, byDb]) => [...byDb.values()].flatMap((latest) => namesOf(latest))),
  );
  const label = (byDb: Map<DbKind, Latest>) => [...byDb.values()][0]!.runs[0]!.size.label;
  const lines = [
    `### p99 latency by library size (ms, uncached, ${dbs.map((db) => DB_NAMES[db]).join(' · ')}; in brackets the cached p99 where only that was measured)`,
    '',
    row(['endpoint', ...sizes.map(([, byDb]) => label(byDb))]),
    row(['---', ...sizes.map(() => '---:')]),
  ];
  for (const name of names) {
    const cells = sizes.map(([, byDb]) =>
      dbs
        .map((db) => {
          const latest = byDb.get(db);
          const ours = latest?.uncached.get(name)?.ours;
          if (ours) return fixed(ours.p99);
          const cached = latest?.cached.get(name)?.cached;
          return cached ? `(${fixed(cached.p99)})` : '—';
        })
        .join(' · '),
    );
    lines.push(row([`\`${name}\``, ...cells]));
  }
  return [...lines, ''];
}

/** Node's flags and any experiment's setting the server ran with. */
function serverCell(config: RunConfig): string {
  const flags =
    config.nodeFlags === null
      ? 'not recorded'
      : config.nodeFlags.length === 0
        ? 'none'
        : config.nodeFlags.map((f) => `\`${f}\``).join(' ');
  const parts = [config.nodeFlagsFrom === 'option' ? `${flags} (--node-flags)` : flags];
  if ((config.processes ?? 1) > 1) parts.push(`SERVER_PROCESSES=${config.processes}`);
  if (config.renderShedDelayMs !== null) {
    parts.push(`RENDER_SHED_DELAY_MS=${config.renderShedDelayMs}`);
  }
  if (config.preparedStatements) {
    parts.push(`DATABASE_PREPARED_STATEMENTS=${config.preparedStatements}`);
  }
  return parts.join('; ');
}

function runsTable(bySize: Map<number, Map<DbKind, Latest>>): string[] {
  const lines = [
    '### Runs',
    '',
    row([
      'database',
      'stories',
      'date (UTC)',
      'commit',
      'modes',
      'Node flags',
      'load',
      'endpoints',
      'sample',
      'seeded in',
      'machine',
    ]),
    row(['---', '---:', '---', '---', '---', '---', '---', '---:', '---:', '---:', '---']),
  ];
  for (const byDb of bySize.values()) {
    for (const db of DBS) {
      for (const run of byDb.get(db)?.runs ?? []) {
        const m = run.machine;
        const commit = run.git
          ? `${run.git.commit.slice(0, 9)}${run.git.dirty ? ' + changes' : ''}`
          : '?';
        const sample = run.config.sample;
        lines.push(
          row([
            DB_NAMES[db],
            run.size.label,
            run.date.slice(0, 16).replace('T', ' '),
            commit,
            run.config.modes.join(', '),
            serverCell(run.config),
            `${run.config.duration} s × ${run.config.connections} connections`,
            String(run.endpoints.length),
            sample ? `${num(sample.stories)} stories` : '—',
            run.library.seededSeconds === null
              ? 'reused'
              : `${run.library.seededSeconds.toFixed(0)} s`,
            `${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}`,
          ]),
        );
      }
    }
  }
  return [...lines, ''];
}

/** The generated section, markers included. */
export function renderSection(runs: RunResult[], source: string): string {
  const bySize = latestFigures(runs);
  const lines = [
    START,
    `<!-- Generated by \`npm run bench:report\` from ${source}; edits between the markers are overwritten. -->`,
    '',
  ];
  if (bySize.size === 0) {
    lines.push('No results yet: run `npm run bench`.', '', END);
    return lines.join('\n');
  }
  const pageRps = Object.entries(TARGETS.pageRps)
    .map(([name, rps]) => `\`${name}\` ≥ ${num(rps)} req/s`)
    .join(', ');
  lines.push(
    `Our server is measured in two modes: **uncached** (\`RESPONSE_CACHE_MS=0\`: every answer computed, as a visitor gets it who asks for what nobody asked for in the last few seconds), the primary figures, and **cached** (the server's default visitors' response micro-cache), the last two columns of each database. Targets, judged on the uncached figures at ${sizeLabel(TARGET_STORIES)} stories and marked at every size: lists (\`home\`, \`list-*\`, \`authors-*\`), \`story-detail\`, \`story-contents\`, \`chapters-by-story\` and \`chapter\` p99 < ${TARGETS.readP99} ms and ≥ ${pct(TARGETS.ceilingShare)} of the ceiling's req/s; search p50 < ${TARGETS.searchP50} ms and p99 < ${TARGETS.searchP99} ms; a chapter's comments (\`comments-thread\`, \`comments-counts\`, issue 19) p99 < ${TARGETS.commentsP99} ms; a signed-in user's notifications (issue 20) p99 < ${TARGETS.notificationsP99['notifications-unread']} ms for the unread count (\`notifications-unread\`) and < ${TARGETS.notificationsP99['notifications-page']} ms for the first page (\`notifications-page\`); pages at most ${pct(TARGETS.shellShare)} answered with the app shell ("shell": answers marked \`x-server-rendered: false\`), ${pageRps}, p99 < ${TARGETS.pageP99} ms; zero errors (non-2xx, socket errors, timeouts) everywhere; server peak RSS ≤ ${TARGETS.rssMb} MB in both modes. Latencies are measured by the load generator over loopback, at the connections shown under Runs. The ceiling is a bare \`node:http\` server replaying our recorded responses (uncached ones, unless only the cached mode ran) from memory; "ours / ceiling" gives our uncached share of its req/s and its req/s. Each cell shows the newest measurement of that endpoint in that mode; runs before the modes (no Node flags recorded) were all measured cached.`,
    '',
  );
  for (const byDb of bySize.values()) {
    lines.push(...sizeTable([...byDb.values()][0]!.runs[0]!.size.label, byDb));
  }
  lines.push(...growthTable(bySize), ...runsTable(bySize));
  const descriptions = new Map<string, string>();
  for (const run of runs)
    for (const e of run.endpoints)
      if (!descriptions.has(e.name)) descriptions.set(e.name, e.description);
  lines.push('### Endpoints', '');
  for (const name of endpointOrder(descriptions.keys()))
    lines.push(`- \`${name}\`: ${descriptions.get(name)}`);
  lines.push('', END);
  return lines.join('\n');
}

/** Rewrites the marked section of the page (creating the page or the section when missing). */
export function writeReport(resultsDir: string, docFile: string): void {
  const section = renderSection(loadRuns(resultsDir), shown(resultsDir));
  let page = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Performance\n';
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start >= 0 && end > start) {
    page = page.slice(0, start) + section + page.slice(end + END.length);
  } else {
    page = `${page.trimEnd()}\n\n## Benchmark results\n\n${section}\n`;
  }
  mkdirSync(dirname(docFile), { recursive: true });
  writeFileSync(docFile, page);
}

const USAGE = `Usage: npm run bench:report -- [--out DIR] [--doc FILE]

Rewrites the section between ${START} and ${END} in FILE from the run files
(<db>-<size>-<date>.json, format 1 or 2) in DIR.

  --out DIR    results directory (default bench/results) [BENCH_OUT]
  --doc FILE   page to rewrite, created when missing (default docs/performance.md) [BENCH_DOC]
  --help       show this text`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let values: { out?: string; doc?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        out: { type: 'string' },
        doc: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.info(USAGE);
  } else {
    const out = resolve(ROOT, values.out ?? process.env.BENCH_OUT ?? 'bench/results');
    const doc = resolve(ROOT, values.doc ?? process.env.BENCH_DOC ?? 'docs/performance.md');
    writeReport(out, doc);
    console.info(`updated ${shown(doc)} from ${loadRuns(out).length} runs in ${shown(out)}`);
  }
}
