import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MODES, type Mode } from './types.js';

export const USAGE = `Usage: npm run bench -- [options]

Seeds a synthetic library per size, starts the real server once per mode (uncached:
RESPONSE_CACHE_MS=0; cached: the server's default micro-cache), loads every endpoint with
autocannon, then loads a bare node:http server replaying the recorded responses (the ceiling).
SQLite by default; with DATABASE_URL (or --database-url) set, PostgreSQL: one database per size,
storyloom_bench_<size>, on that server.

Options (environment variable in brackets):
  --sizes LIST         library sizes, e.g. 10k,100k,1m (default 10k) [BENCH_SIZES]
  --duration S         seconds of load per endpoint and server (default 10) [BENCH_DURATION]
  --connections N      concurrent connections (default 50) [BENCH_CONNECTIONS]
  --only NAMES         endpoints to run, comma-separated; a prefix such as 'search' selects
                       search-common, search-rare, ... [BENCH_ONLY]
  --modes LIST         uncached, cached or both (default uncached,cached) [BENCH_MODES]
  --node-flags=FLAGS   Node's flags for the server instead of npm start's
                       (--max-old-space-size=160 --max-semi-space-size=4);
                       '' for none; write it with '=', e.g. --node-flags='--max-semi-space-size=4'
                       [BENCH_NODE_FLAGS]
  --processes N        server processes (SERVER_PROCESSES, default 1); above 1 they share
                       Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379) [BENCH_PROCESSES]
  --no-chapter-text    seed without the chapter text index (seed --no-chapter-index; most of
                       an hour at 1M here) and skip the text-search-* endpoints [BENCH_NO_CHAPTER_TEXT=1]
  --reuse              keep a size's library when it was seeded with the same parameters [BENCH_REUSE=1]
  --out DIR            results directory (default bench/results) [BENCH_OUT]
  --doc FILE           page whose bench section is rewritten at the end (default
                       docs/performance.md) [BENCH_DOC]
  --no-report          do not rewrite the page
  --database-url URL   PostgreSQL server to create the bench databases on [DATABASE_URL]
  --help               show this text`;

export interface Options {
  sizes: number[];
  duration: number;
  connections: number;
  only: string[] | null;
  /** In run order: uncached first. */
  modes: Mode[];
  /** Replaces npm start's Node flags when set ([] for none). */
  nodeFlags: string[] | null;
  /** SERVER_PROCESSES for the server: 1, or more sharing Redis (decision 044). */
  processes: number;
  /** Seeds with the chapter text index (and measures searching inside chapters); default on. */
  chapterText: boolean;
  reuse: boolean;
  out: string;
  doc: string;
  report: boolean;
  databaseUrl: string | null;
}

export class UsageError extends Error {}

const SUFFIX: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };

/** `10k` → 10000, `1m` → 1000000, `2500` → 2500. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  const n = match ? Number(match[1]) * SUFFIX[match[2]!.toLowerCase()]! : Number.NaN;
  if (!Number.isInteger(n) || n < 20) {
    throw new UsageError(`--sizes: '${text}' is not a size of at least 20 stories (e.g. 10k, 1m)`);
  }
  return n;
}

/** 10000 → `10k`, 1000000 → `1M`, 2500 → `2500`. */
export function sizeLabel(stories: number): string {
  if (stories % 1_000_000 === 0) return `${stories / 1_000_000}M`;
  if (stories % 1_000 === 0) return `${stories / 1_000}k`;
  return String(stories);
}

function positiveInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`--${name} must be a positive integer, got '${text}'`);
  }
  return n;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parseModes(text: string): Mode[] {
  const given = list(text);
  for (const mode of given) {
    if (!(MODES as readonly string[]).includes(mode)) {
      throw new UsageError(`--modes: no mode '${mode}'; modes: ${MODES.join(', ')}`);
    }
  }
  const modes = MODES.filter((mode) => given.includes(mode));
  if (modes.length === 0) throw new UsageError('--modes: give at least one mode');
  return modes;
}

/** `--optimize-for-size --max-semi-space-size=4` → its words; '' → none. */
function parseNodeFlags(text: string): string[] {
  const flags = text.trim().split(/\s+/).filter(Boolean);
  const wrong = flags.find((flag) => !flag.startsWith('-'));
  if (wrong !== undefined) {
    throw new UsageError(`--node-flags: '${wrong}' is not a Node flag (they start with -)`);
  }
  return flags;
}

/** Flags win over the environment; throws UsageError on a bad value, null for --help. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, root: string): Options | null {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return null;
  const sizes = list(values.sizes ?? env.BENCH_SIZES ?? '10k').map(parseSize);
  if (sizes.length === 0) throw new UsageError('--sizes: give at least one size');
  const only = values.only ?? env.BENCH_ONLY;
  const nodeFlags = values['node-flags'] ?? env.BENCH_NODE_FLAGS;
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new UsageError('DATABASE_URL must be a postgres:// URL');
  }
  return {
    sizes: [...new Set(sizes)],
    duration: positiveInt('duration', values.duration ?? env.BENCH_DURATION ?? '10'),
    connections: positiveInt('connections', values.connections ?? env.BENCH_CONNECTIONS ?? '50'),
    only: only ? list(only) : null,
    modes: parseModes(values.modes ?? env.BENCH_MODES ?? MODES.join(',')),
    nodeFlags: nodeFlags === undefined ? null : parseNodeFlags(nodeFlags),
    processes: positiveInt('processes', values.processes ?? env.BENCH_PROCESSES ?? '1'),
    chapterText: !(
      values['no-chapter-text'] ||
      env.BENCH_NO_CHAPTER_TEXT === '1' ||
      env.BENCH_NO_CHAPTER_TEXT === 'true'
    ),
    reuse: values.reuse || env.BENCH_REUSE === '1' || env.BENCH_REUSE === 'true',
    out: resolve(root, values.out ?? env.BENCH_OUT ?? 'bench/results'),
    doc: resolve(root, values.doc ?? env.BENCH_DOC ?? 'docs/performance.md'),
    report: !values['no-report'],
    databaseUrl,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      modes: { type: 'string' },
      'node-flags': { type: 'string' },
      processes: { type: 'string' },
      'no-chapter-text': { type: 'boolean', default: false },
      reuse: { type: 'boolean', default: false },
      out: { type: 'string' },
      doc: { type: 'string' },
      'no-report': { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
