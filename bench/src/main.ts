/**
 * `npm run bench`: per library size, seed (or reuse) a library, load the real server endpoint by
 * endpoint once per mode (uncached, then cached), then load the bare node:http ceiling with the
 * recorded answers, write bench/results/<db>-<size>-<date>.json and refresh the table in
 * docs/performance.md.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeChapters } from './comments.js';
import { describeHidingUsers } from './hiding.js';
import { closeConnections } from './http.js';
import {
  experimentEnv,
  type Library,
  libraryFor,
  openSql,
  preparedStatements,
  prepareLibrary,
  renderShedDelayMs,
  SEED,
  serverEnv,
  settleJobs,
} from './library.js';
import { load } from './load.js';
import { gitState, machine } from './machine.js';
import { describeUsers } from './notifications.js';
import { type Options, parseOptions, USAGE, UsageError } from './options.js';
import { ROOT, shown } from './paths.js';
import { cpuTimeMs, JWT_SECRET, RssSampler, startCeiling, startServer } from './processes.js';
import { type Recording, record } from './record.js';
import { writeReport } from './report.js';
import { SAMPLE_STORIES, type Sample, takeSample } from './sample.js';
import { adminGrant, describeStaff } from './staff.js';
import { type StartCommand, startCommand } from './start-command.js';
import { describeTrashUsers } from './trash.js';
import type { Endpoint, EndpointResult, Figures, Mode, OurFigures, RunResult } from './types.js';
import { buildEndpoints, selectEndpoints } from './workload.js';

const SEED_SCRIPT = join(ROOT, 'apps/api/dist/scripts/seed.js');
const ADMIN_SCRIPT = join(ROOT, 'apps/api/dist/scripts/admin.js');
/** The server as `npm start` runs it. */
const START = startCommand(ROOT);
const CEILING_SCRIPT = fileURLToPath(new URL('./ceiling.ts', import.meta.url));

const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const num = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** What each mode sets in the server's environment. */
const MODE_ENV: Record<Mode, Record<string, string>> = {
  uncached: { RESPONSE_CACHE_MS: '0' },
  // The server's default: the visitors' response micro-cache (5 s in production).
  cached: {},
};
const MODE_SAYS: Record<Mode, string> = {
  uncached: 'uncached (RESPONSE_CACHE_MS=0)',
  cached: "cached (the server's default response micro-cache)",
};

/** One progress line: `  home-popular       uncached  4,512 req/s  p50    9.80 ms …`. */
function line(name: string, who: string, f: Figures, extra: string): string {
  const codes = Object.entries(f.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${code}×${count}`);
  if (f.socketErrors > 0) codes.push(`socket×${f.socketErrors}`);
  const errors = f.errors === 0 ? 'errors 0' : `ERRORS ${num(f.errors)} (${codes.join(', ')})`;
  const shell =
    f.pages && f.shellShare !== null
      ? `  shell ${percent(f.shellShare)} (${num(f.pages.shell)} of ${num(f.pages.rendered + f.pages.shell + f.pages.unmarked)})`
      : '';
  return `  ${name.padEnd(20)} ${who.padEnd(8)} ${num(f.rps).padStart(8)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  ${errors}${shell}  ${extra}`;
}

/** The endpoints and what they were built from: built once per size, the same in every mode. */
interface Workload {
  endpoints: Endpoint[];
  sample: Sample;
}

/** One mode's figures per endpoint, its recordings, and the server's peak RSS. */
interface ModeRun {
  figures: Map<string, OurFigures>;
  recordings: Map<string, Recording>;
  peakRssMb: number | null;
}

/**
 * Requests a mode whose answers the ceiling does not replay sends before its load, to warm the
 * server up: the first ones of each endpoint (the source mode sends every distinct one).
 */
const WARM_UP = 1000;

const recordingFile = (lib: Library, options: Options, endpoint: Endpoint) =>
  join(
    options.out,
    'tmp',
    `recordings-${lib.db}-${lib.label.toLowerCase()}-${endpoint.name}.ndjson`,
  );

/**
 * Starts our server in `mode`, builds the workload on first use (sampling the library), then
 * records and loads each endpoint. With `keep` (the ceiling's mode) every distinct request is
 * recorded and kept on disk; otherwise the first WARM_UP only warm the server up.
 */
async function measureMode(
  lib: Library,
  options: Options,
  selected: Set<string>,
  mode: Mode,
  start: StartCommand,
  built: Workload | null,
  keep: boolean,
): Promise<{ run: ModeRun; workload: Workload }> {
  const server = await startServer(lib, start, MODE_ENV[mode], options.processes);
  const rss = new RssSampler(server.pid);
  const run: ModeRun = { figures: new Map(), recordings: new Map(), peakRssMb: null };
  try {
    const settled = await settleJobs(lib);
    if (settled >= 1) console.info(`background jobs: done after ${settled.toFixed(0)} s`);
    let workload = built;
    if (!workload) {
      const sql = await openSql(lib);
      const sample = await takeSample(sql, server.origin, {
        writers: selected.has('mixed'),
        notifications: [...selected].some((name) => name.startsWith('notifications-')),
        hiding: [...selected].some((name) => name.startsWith('hiding-')),
        stats: selected.has('story-stats'),
        trash: selected.has('trash-list'),
        revisions: selected.has('revisions-list'),
        filters: [...selected].some((name) => name.startsWith('filter-')),
        listMenus: selected.has('lists-menu'),
        takeAlong: [...selected].some((name) => name.startsWith('take-along-')),
        chapterText: [...selected].some((name) => name.startsWith('text-search-')),
        staff: [...selected].some((name) => name.startsWith('staff-'))
          ? adminGrant(ADMIN_SCRIPT, serverEnv(lib, { JWT_SECRET }))
          : null,
        comments: [...selected].some((name) => /^(comments|hiding)-/.test(name)),
      }).finally(() => sql.close());
      const { words } = sample;
      console.info(
        `sample: ${num(sample.stories.length)} of ${num(sample.publicStories)} public stories, ${num(sample.chapters.length)} chapters, ${sample.writers.length} signed-in authors; ${num(words.vocabulary)} distinct words in their titles and descriptions`,
      );
      if (sample.commentChapters.length > 0)
        console.info(`  comments: ${describeChapters(sample.commentChapters)}`);
      if (sample.notifiedUsers.length > 0)
        console.info(`  notifications: ${describeUsers(sample.notifiedUsers)}`);
      if (sample.hidingUsers.length > 0)
        console.info(`  hiding: ${describeHidingUsers(sample.hidingUsers)}`);
      if (sample.trashUsers.length > 0)
        console.info(`  trash: ${describeTrashUsers(sample.trashUsers)}`);
      if (sample.staff) console.info(`  staff: ${describeStaff(sample.staff)}`);
      for (const [kind, list] of Object.entries({
        common: words.common,
        rare: words.rare,
        prefix: words.prefix,
        'two words': words.twoWords,
      })) {
        console.info(`  search ${kind}: ${list.join(', ')}`);
      }
      workload = { endpoints: await buildEndpoints(server.origin, sample, selected), sample };
    }
    const flags = start.nodeFlags.length > 0 ? start.nodeFlags.join(' ') : '(no flags)';
    const passed = Object.entries(experimentEnv()).map(([name, value]) => `, ${name}=${value}`);
    const processes = options.processes > 1 ? `, SERVER_PROCESSES=${options.processes}` : '';
    console.info(
      `our server, ${MODE_SAYS[mode]}${passed.join('')}${processes}, node ${flags} (pid ${server.pid}):`,
    );
    if (keep) mkdirSync(join(options.out, 'tmp'), { recursive: true });
    for (const endpoint of workload.endpoints) {
      const file = keep ? recordingFile(lib, options, endpoint) : null;
      const recording = await record(server.origin, endpoint, file, keep ? undefined : WARM_UP);
      for (const failure of recording.failures.slice(0, 3)) console.warn(`  ! recorded ${failure}`);
      if (recording.shells > 0) {
        console.warn(
          `  ! recorded ${num(recording.shells)} of ${num(recording.sent)} ${endpoint.name} answers as the app shell`,
        );
      }
      rss.takePeak();
      const cpuBefore = cpuTimeMs(server.pid);
      const figures = await load(server.origin, endpoint, options, endpoint.kind === 'page');
      const cpuAfter = cpuTimeMs(server.pid);
      const ours: OurFigures = {
        ...figures,
        peakRssMb: rss.takePeak(),
        cpuUsPerAnswer:
          cpuBefore !== null && cpuAfter !== null && figures.requests > 0
            ? Math.round(((cpuAfter - cpuBefore) * 1000) / figures.requests)
            : null,
      };
      console.info(
        line(
          endpoint.name,
          mode,
          ours,
          `${num(recording.distinct)} distinct  cpu ${ours.cpuUsPerAnswer ?? '?'} µs/answer  rss ${ours.peakRssMb ?? '?'} MB`,
        ),
      );
      run.figures.set(endpoint.name, ours);
      run.recordings.set(endpoint.name, recording);
    }
    run.peakRssMb = rss.highWater();
    return { run, workload };
  } finally {
    rss.stop();
    await server.stop();
    const said = server.output();
    if (said) console.warn(`server output (LOG_LEVEL=warn), last lines:\n${said}`);
  }
}

const ratioOf = (ours: Figures | null, ceiling: Figures | null) =>
  ours && ceiling && ceiling.rps > 0 ? Math.round((ours.rps / ceiling.rps) * 1000) / 1000 : null;
const share = (ratio: number | null) => (ratio === null ? '?' : `${Math.round(ratio * 100)}%`);

/**
 * Loads a fresh ceiling server per endpoint, replaying only that endpoint's answers as `source`
 * recorded them; answers each endpoint's result with every mode's figures.
 */
async function measureCeiling(
  options: Options,
  endpoints: Endpoint[],
  runs: Map<Mode, ModeRun>,
  source: Mode,
): Promise<EndpointResult[]> {
  console.info(`ceiling (bare node:http replaying the bytes recorded ${source}):`);
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    const recording = runs.get(source)!.recordings.get(endpoint.name)!;
    const ceiling = await startCeiling(CEILING_SCRIPT, recording.file!);
    let figures: Figures;
    try {
      figures = await load(ceiling.origin, endpoint, options);
    } finally {
      await ceiling.stop();
      rmSync(recording.file!, { force: true });
    }
    const ours = runs.get('uncached')?.figures.get(endpoint.name) ?? null;
    const cached = runs.get('cached')?.figures.get(endpoint.name) ?? null;
    const ratio = ratioOf(ours, figures);
    const cachedRatio = ratioOf(cached, figures);
    const shares = [
      ...(ours ? [`uncached/ceiling ${share(ratio)}`] : []),
      ...(cached ? [`cached/ceiling ${share(cachedRatio)}`] : []),
    ];
    console.info(line(endpoint.name, 'ceiling', figures, shares.join('  ')));
    results.push({
      name: endpoint.name,
      kind: endpoint.kind,
      description: endpoint.description,
      distinctRequests: recording.distinct,
      responseBytes: recording.responseBytes,
      ours,
      cached,
      ceiling: figures,
      ratio,
      cachedRatio,
    });
  }
  return results;
}

async function benchSize(lib: Library, options: Options, selected: Set<string>): Promise<string> {
  const date = new Date();
  const where = lib.databaseUrl
    ? `database ${new URL(lib.databaseUrl).pathname.slice(1)}`
    : shown(lib.dataDir);
  console.info(`\n== ${DB_NAMES[lib.db]}, ${lib.label} stories (${where})`);
  const seededSeconds = await prepareLibrary(lib, SEED_SCRIPT, options.reuse);
  console.info(
    seededSeconds === null
      ? 'library: reused (seeded earlier with the same parameters)'
      : `library: seeded in ${seededSeconds.toFixed(1)} s`,
  );
  const start: StartCommand = { ...START, nodeFlags: options.nodeFlags ?? START.nodeFlags };
  // The ceiling replays the first mode's answers: uncached whenever it runs.
  const source = options.modes[0]!;
  const runs = new Map<Mode, ModeRun>();
  let workload: Workload | null = null;
  for (const mode of options.modes) {
    const measured = await measureMode(
      lib,
      options,
      selected,
      mode,
      start,
      workload,
      mode === source,
    );
    workload = measured.workload;
    runs.set(mode, measured.run);
    console.info(`server peak RSS, ${mode}: ${measured.run.peakRssMb ?? '?'} MB`);
  }
  const { endpoints: measuredEndpoints, sample } = workload!;
  const endpoints = await measureCeiling(options, measuredEndpoints, runs, source);
  const result: RunResult = {
    format: 2,
    db: lib.db,
    size: { label: lib.label, stories: lib.stories },
    date: date.toISOString(),
    machine: machine(),
    git: gitState(ROOT),
    config: {
      duration: options.duration,
      connections: options.connections,
      seed: SEED,
      modes: options.modes,
      nodeFlags: start.nodeFlags,
      nodeFlagsFrom: options.nodeFlags === null ? 'npm start' : 'option',
      processes: options.processes,
      renderShedDelayMs: renderShedDelayMs(),
      preparedStatements: preparedStatements(),
      sample: {
        maxStories: SAMPLE_STORIES,
        stories: sample.stories.length,
        chapters: sample.chapters.length,
        writers: sample.writers.length,
        commentChapters: sample.commentChapters.length,
        notifiedUsers: sample.notifiedUsers.length,
      },
    },
    library: { publicStories: sample.publicStories, seededSeconds },
    server: {
      peakRssMb: runs.get('uncached')?.peakRssMb ?? null,
      cachedPeakRssMb: runs.get('cached')?.peakRssMb ?? null,
    },
    endpoints,
  };
  const stamp = date.toISOString().slice(0, 19).replace(/:/g, '');
  const file = join(options.out, `${lib.db}-${lib.label.toLowerCase()}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.info(`wrote ${shown(file)}`);
  return file;
}

async function main(): Promise<void> {
  let options: Options | null;
  let selected: Set<string>;
  try {
    options = parseOptions(process.argv.slice(2), process.env, ROOT);
    if (!options) {
      console.info(USAGE);
      return;
    }
    selected = selectEndpoints(options.only);
    if (!options.chapterText) {
      const skipped = [...selected].filter((name) => name.startsWith('text-search-'));
      for (const name of skipped) selected.delete(name);
      if (skipped.length > 0)
        console.info(`--no-chapter-text: not measuring ${skipped.join(', ')}`);
      if (selected.size === 0) throw new UsageError('--no-chapter-text leaves no endpoint to run');
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  for (const file of [SEED_SCRIPT, START.script]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first`);
  }
  mkdirSync(options.out, { recursive: true });
  for (const stories of options.sizes) {
    await benchSize(
      libraryFor(stories, options.databaseUrl, ROOT, options.chapterText),
      options,
      selected,
    );
  }
  closeConnections();
  if (options.report) {
    writeReport(options.out, options.doc);
    console.info(`\nupdated ${shown(options.doc)} from ${shown(options.out)}`);
  }
}

main().catch((error: unknown) => {
  console.error(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
