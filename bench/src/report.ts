/**
 * `npm run bench:report`: rewrites the section of docs/performance.md between the bench markers
 * from the JSON in bench/results: per size, every endpoint on SQLite and PostgreSQL side by side
 * with the issue-8 targets marked, p99 growth across sizes, and the runs behind the figures.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT, shown } from './paths.js';
import type { DbKind, EndpointResult, RunResult } from './types.js';
import { ENDPOINT_NAMES } from './workload.js';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

/** Issue 8's targets (at 1M stories, 50 connections). */
export const TARGETS = { ceilingShare: 0.5, searchP50: 10, searchP99: 50, readP99: 25, rssMb: 250 };

const DBS: DbKind[] = ['sqlite', 'postgres'];
const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const num = (n: number) => n.toLocaleString('en-US');
const pct = (ratio: number | null) => (ratio === null ? '?' : `${Math.round(ratio * 100)}%`);
const kilo = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
const fixed = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** The targets an endpoint's own figures miss, in words; empty when all are met. */
export function misses(e: EndpointResult): string[] {
  const { ours } = e;
  const out: string[] = [];
  if (ours.errors > 0) out.push(`${num(ours.errors)} errors`);
  if ((e.kind === 'list' || e.kind === 'detail') && (e.ratio ?? 0) < TARGETS.ceilingShare) {
    out.push(`${pct(e.ratio)} of ceiling < ${pct(TARGETS.ceilingShare)}`);
  }
  if (e.kind === 'search') {
    if (ours.p50 >= TARGETS.searchP50) out.push(`p50 ≥ ${TARGETS.searchP50} ms`);
    if (ours.p99 >= TARGETS.searchP99) out.push(`p99 ≥ ${TARGETS.searchP99} ms`);
  } else if (
    (e.kind === 'list' || e.kind === 'detail' || e.kind === 'read') &&
    ours.p99 >= TARGETS.readP99
  ) {
    out.push(`p99 ≥ ${TARGETS.readP99} ms`);
  }
  return out;
}

const mark = (missed: string[]) => (missed.length === 0 ? '✅' : `❌ ${missed.join('; ')}`);
const rssMark = (mb: number | null) =>
  mb === null ? '?' : `${mb} MB ${mb < TARGETS.rssMb ? '✅' : `❌ ≥ ${TARGETS.rssMb} MB`}`;

/** `sqlite-10k-2026-01-31T120000.json`; other files in the directory are not runs. */
const RESULT_FILE = /^(sqlite|postgres)-[0-9a-z]+-[0-9T-]+\.json$/;

export function loadRuns(dir: string): RunResult[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => RESULT_FILE.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunResult)
    .filter((r) => r?.format === 1 && r.endpoints.length > 0)
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Per database and size: the newest figures of each endpoint, and the runs they come from. */
interface Latest {
  runs: RunResult[];
  endpoints: Map<string, EndpointResult>;
}

function latestFigures(runs: RunResult[]): Map<number, Map<DbKind, Latest>> {
  const bySize = new Map<number, Map<DbKind, Latest>>();
  for (const run of runs) {
    const byDb = bySize.get(run.size.stories) ?? new Map<DbKind, Latest>();
    bySize.set(run.size.stories, byDb);
    const latest: Latest = byDb.get(run.db) ?? { runs: [], endpoints: new Map() };
    byDb.set(run.db, latest);
    let used = false;
    for (const e of run.endpoints) {
      if (latest.endpoints.has(e.name)) continue;
      latest.endpoints.set(e.name, e);
      used = true;
    }
    if (used) latest.runs.push(run);
  }
  return new Map([...bySize].sort(([a], [b]) => a - b));
}

function endpointOrder(names: Iterable<string>): string[] {
  const present = new Set(names);
  return [
    ...ENDPOINT_NAMES.filter((n) => present.has(n)),
    ...[...present].filter((n) => !ENDPOINT_NAMES.includes(n)),
  ];
}

/** The run that loaded the most endpoints (the newest of those): its RSS covers the most. */
const fullestRun = (latest: Latest) =>
  latest.runs.reduce((best, run) => (run.endpoints.length > best.endpoints.length ? run : best));

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function sizeTable(label: string, byDb: Map<DbKind, Latest>): string[] {
  const dbs = DBS.filter((db) => byDb.has(db));
  const header = ['endpoint'];
  const align = ['---'];
  for (const db of dbs) {
    header.push(`${DB_NAMES[db]} req/s`, 'p50 ms', 'p99 ms', 'errors', 'ours / ceiling', 'targets');
    align.push('---:', '---:', '---:', '---:', '---:', '---');
  }
  const lines = [`### ${label} stories`, '', row(header), row(align)];
  const names = endpointOrder(dbs.flatMap((db) => [...byDb.get(db)!.endpoints.keys()]));
  for (const name of names) {
    const cells = [`\`${name}\``];
    for (const db of dbs) {
      const e = byDb.get(db)!.endpoints.get(name);
      if (!e) {
        cells.push('—', '', '', '', '', '');
        continue;
      }
      const ceiling = e.ceiling ? `${pct(e.ratio)} of ${kilo(e.ceiling.rps)}` : '?';
      cells.push(
        num(e.ours.rps),
        fixed(e.ours.p50),
        fixed(e.ours.p99),
        num(e.ours.errors),
        ceiling,
        mark(misses(e)),
      );
    }
    lines.push(row(cells));
  }
  const rss = ['server peak RSS'];
  for (const db of dbs)
    rss.push(rssMark(fullestRun(byDb.get(db)!).server.peakRssMb), '', '', '', '', '');
  lines.push(row(rss), '');
  return lines;
}

function growthTable(bySize: Map<number, Map<DbKind, Latest>>): string[] {
  if (bySize.size < 2) return [];
  const sizes = [...bySize.entries()];
  const dbs = DBS.filter((db) => sizes.some(([, byDb]) => byDb.has(db)));
  const names = endpointOrder(
    sizes.flatMap(([, byDb]) => [...byDb.values()].flatMap((l) => [...l.endpoints.keys()])),
  );
  const label = (byDb: Map<DbKind, Latest>) => [...byDb.values()][0]!.runs[0]!.size.label;
  const lines = [
    `### p99 latency by library size (ms, ${dbs.map((db) => DB_NAMES[db]).join(' · ')})`,
    '',
    row(['endpoint', ...sizes.map(([, byDb]) => label(byDb))]),
    row(['---', ...sizes.map(() => '---:')]),
  ];
  for (const name of names) {
    const cells = sizes.map(([, byDb]) =>
      dbs
        .map((db) => {
          const e = byDb.get(db)?.endpoints.get(name);
          return e ? fixed(e.ours.p99) : '—';
        })
        .join(' · '),
    );
    lines.push(row([`\`${name}\``, ...cells]));
  }
  return [...lines, ''];
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
      'load',
      'endpoints',
      'seeded in',
      'machine',
    ]),
    row(['---', '---:', '---', '---', '---', '---:', '---:', '---']),
  ];
  for (const byDb of bySize.values()) {
    for (const db of DBS) {
      for (const run of byDb.get(db)?.runs ?? []) {
        const m = run.machine;
        const commit = run.git
          ? `${run.git.commit.slice(0, 9)}${run.git.dirty ? ' + changes' : ''}`
          : '?';
        lines.push(
          row([
            DB_NAMES[db],
            run.size.label,
            run.date.slice(0, 16).replace('T', ' '),
            commit,
            `${run.config.duration} s × ${run.config.connections} connections`,
            String(run.endpoints.length),
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
  lines.push(
    `Targets (issue 8): lists and story detail at ≥ ${pct(TARGETS.ceilingShare)} of the ceiling's req/s; search p50 < ${TARGETS.searchP50} ms and p99 < ${TARGETS.searchP99} ms; every other read p99 < ${TARGETS.readP99} ms; zero errors (non-2xx, socket errors, timeouts) everywhere; server peak RSS < ${TARGETS.rssMb} MB. Latencies are measured by the load generator over loopback, at the connections shown under Runs. The ceiling is a bare \`node:http\` server replaying our recorded responses from memory; "ours / ceiling" gives our share of its req/s and its req/s. Each row shows the newest measurement of that endpoint.`,
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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, doc: { type: 'string' } } });
  const out = resolve(ROOT, values.out ?? process.env.BENCH_OUT ?? 'bench/results');
  const doc = resolve(ROOT, values.doc ?? process.env.BENCH_DOC ?? 'docs/performance.md');
  writeReport(out, doc);
  console.info(`updated ${shown(doc)} from ${loadRuns(out).length} runs in ${shown(out)}`);
}
