/**
 * `npm run bench`: per library size, seed (or reuse) a library, load the real server endpoint by
 * endpoint, then load the bare node:http ceiling with the recorded answers, write
 * bench/results/<db>-<size>-<date>.json and refresh the table in docs/performance.md.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeConnections } from './http.js';
import { type Library, libraryFor, openSql, prepareLibrary, SEED } from './library.js';
import { load } from './load.js';
import { gitState, machine } from './machine.js';
import { type Options, parseOptions, USAGE, UsageError } from './options.js';
import { ROOT, shown } from './paths.js';
import { RssSampler, startCeiling, startServer } from './processes.js';
import { type Recording, record } from './record.js';
import { writeReport } from './report.js';
import { takeSample } from './sample.js';
import { startCommand } from './start-command.js';
import type { Endpoint, EndpointResult, Figures, RunResult } from './types.js';
import { buildEndpoints, selectEndpoints } from './workload.js';

const SEED_SCRIPT = join(ROOT, 'apps/api/dist/scripts/seed.js');
/** The server as `npm start` runs it. */
const START = startCommand(ROOT);
const CEILING_SCRIPT = fileURLToPath(new URL('./ceiling.ts', import.meta.url));

const DB_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const num = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;

/** One progress line: `  home-popular       ours      4,512 req/s  p50    9.80 ms …`. */
function line(name: string, who: string, f: Figures, extra: string): string {
  const codes = Object.entries(f.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, count]) => `${code}×${count}`);
  if (f.socketErrors > 0) codes.push(`socket×${f.socketErrors}`);
  const errors = f.errors === 0 ? 'errors 0' : `ERRORS ${num(f.errors)} (${codes.join(', ')})`;
  return `  ${name.padEnd(20)} ${who.padEnd(7)} ${num(f.rps).padStart(8)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  ${errors}  ${extra}`;
}

interface Measured {
  endpoint: Endpoint;
  recording: Recording;
  ours: Figures & { peakRssMb: number | null };
}

/** Loads our server endpoint by endpoint; answers the figures and the server's peak RSS. */
async function measureOurs(lib: Library, options: Options, selected: Set<string>) {
  const server = await startServer(lib, START);
  const rss = new RssSampler(server.pid);
  const measured: Measured[] = [];
  try {
    const sql = await openSql(lib);
    const sample = await takeSample(sql, server.origin, selected.has('mixed')).finally(() =>
      sql.close(),
    );
    console.info(
      `sample: ${num(sample.stories.length)} of ${num(sample.publicStories)} public stories, ${num(sample.chapters.length)} chapters, ${sample.writers.length} signed-in authors`,
    );
    const endpoints = await buildEndpoints(server.origin, sample, selected);
    console.info(`our server (pid ${server.pid}):`);
    for (const endpoint of endpoints) {
      const recording = await record(server.origin, endpoint);
      for (const failure of recording.failures.slice(0, 3)) console.warn(`  ! recorded ${failure}`);
      rss.takePeak();
      const figures = await load(server.origin, endpoint, options);
      const ours = { ...figures, peakRssMb: rss.takePeak() };
      console.info(line(endpoint.name, 'ours', ours, `rss ${ours.peakRssMb ?? '?'} MB`));
      measured.push({ endpoint, recording, ours });
    }
    return { measured, publicStories: sample.publicStories, peakRssMb: rss.highWater() };
  } finally {
    rss.stop();
    await server.stop();
    const said = server.output();
    if (said) console.warn(`server output (LOG_LEVEL=warn), last lines:\n${said}`);
  }
}

/** Loads a fresh ceiling server per endpoint, replaying only that endpoint's recorded answers. */
async function measureCeiling(lib: Library, options: Options, measured: Measured[]) {
  const tmp = join(options.out, 'tmp');
  mkdirSync(tmp, { recursive: true });
  console.info('ceiling (bare node:http replaying the recorded bytes):');
  const results: EndpointResult[] = [];
  for (const { endpoint, recording, ours } of measured) {
    const file = join(tmp, `recordings-${lib.db}-${lib.label.toLowerCase()}-${endpoint.name}.json`);
    writeFileSync(file, JSON.stringify(recording.responses));
    const ceiling = await startCeiling(CEILING_SCRIPT, file);
    let figures: Figures;
    try {
      figures = await load(ceiling.origin, endpoint, options);
    } finally {
      await ceiling.stop();
      rmSync(file, { force: true });
    }
    const ratio = figures.rps > 0 ? Math.round((ours.rps / figures.rps) * 1000) / 1000 : null;
    const share = ratio === null ? '?' : `${Math.round(ratio * 100)}%`;
    console.info(line(endpoint.name, 'ceiling', figures, `ours/ceiling ${share}`));
    results.push({
      name: endpoint.name,
      kind: endpoint.kind,
      description: endpoint.description,
      distinctRequests: recording.responses.length,
      responseBytes: recording.responseBytes,
      ours,
      ceiling: figures,
      ratio,
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
  const { measured, publicStories, peakRssMb } = await measureOurs(lib, options, selected);
  console.info(`server peak RSS: ${peakRssMb ?? '?'} MB`);
  const endpoints = await measureCeiling(lib, options, measured);
  const result: RunResult = {
    format: 1,
    db: lib.db,
    size: { label: lib.label, stories: lib.stories },
    date: date.toISOString(),
    machine: machine(),
    git: gitState(ROOT),
    config: { duration: options.duration, connections: options.connections, seed: SEED },
    library: { publicStories, seededSeconds },
    server: { peakRssMb },
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
    await benchSize(libraryFor(stories, options.databaseUrl, ROOT), options, selected);
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
