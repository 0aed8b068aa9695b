import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, prepareDataDir } from '../config.js';
import { createDb, type DatabaseTarget, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { buildChapterIndex } from '../modules/search/chapter-index.js';
import { rememberDroppedIndexes, restoreDroppedIndexes } from '../seed/indexes.js';
import { seedLibrary } from '../seed/library.js';
import { ProgressBar } from '../seed/progress.js';
import { clearDatabase, isDatabaseEmpty } from '../seed/reset.js';
import { DEMO_PASSWORD } from '../seed/users.js';

const USAGE = `Usage: node apps/api/dist/scripts/seed.js --stories N [options]

Fills the configured database (DATA_DIR's SQLite file, or DATABASE_URL) with a deterministic
synthetic library. Every seeded user's password is '${DEMO_PASSWORD}'.

Options:
  --stories N       stories to create (required)
  --users N         users to create (default: stories / 8, at least 10)
  --chapters A-B    chapters per story, inclusive (default 2-4)
  --seed N          generator seed: same seed, same content (default 42)
  --reset           delete every existing row first (otherwise a non-empty database is refused)
  --no-chapter-index
                    leave chapter text out of its search index (about half of a 1M seed's
                    time on a small machine): searching inside chapters then finds nothing;
                    for measuring everything else sooner
  --chapter-index-only
                    index the chapter text of the library already there (what
                    --no-chapter-index left out), and nothing else; stopped, it carries on
                    where it stopped when run again
  --help            show this text`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function nonNegativeInt(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) fail(`--${name} is required.\n\n${USAGE}`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    fail(`--${name} must be a non-negative integer, got '${value}'`);
  return n;
}

function parseChapters(value: string | undefined): [number, number] | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)(?:-(\d+))?$/.exec(value);
  if (!match) fail(`--chapters must look like 3 or 2-5, got '${value}'`);
  const min = Number(match[1]);
  const max = Number(match[2] ?? match[1]);
  if (min < 1 || max < min) fail(`--chapters needs 1 <= min <= max, got '${value}'`);
  return [min, max];
}

function describe(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `SQLite ${target.file}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

const parseOptions = () =>
  parseArgs({
    options: {
      stories: { type: 'string' },
      users: { type: 'string' },
      chapters: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-chapter-index': { type: 'boolean', default: false },
      'chapter-index-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });

/** The server's configuration (DATA_DIR, DATABASE_URL), or a line saying what is wrong. */
function loadSeedConfig(): ReturnType<typeof loadConfig> {
  try {
    return prepareDataDir(loadConfig());
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parseOptions>['values'];
  try {
    values = parseOptions().values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  if (values['chapter-index-only']) {
    await indexChapterText();
    return;
  }
  const stories = nonNegativeInt('stories', values.stories);
  const users = nonNegativeInt('users', values.users, Math.max(10, Math.floor(stories / 8)));
  const seed = nonNegativeInt('seed', values.seed, 42);
  const chaptersPerStory = parseChapters(values.chapters);

  const config = loadSeedConfig();
  const db = createDb(config.database);
  const droppedIndexesFile = join(config.dataDir, 'seed-dropped-indexes.json');
  const interrupt = new AbortController();
  const stop = () => {
    process.stderr.write('\nStopping after the current batch (Ctrl-C again quits at once)...\n');
    interrupt.abort(new Error('interrupted'));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let stopped = false;
  try {
    await migrateToLatest(db);
    if (await restoreDroppedIndexes(db, droppedIndexesFile)) {
      process.stderr.write('Rebuilt the indexes an interrupted seed had dropped.\n');
    }
    if (!(await isDatabaseEmpty(db))) {
      if (!values.reset) {
        fail(
          `${describe(config.database)} already holds data; pass --reset to delete it and seed again.`,
        );
      }
      process.stderr.write(`Deleting every row in ${describe(config.database)}...\n`);
      await clearDatabase(db);
    }
    process.stderr.write(
      `Seeding ${describe(config.database)}: ${users.toLocaleString('en-US')} users, ${stories.toLocaleString('en-US')} stories (seed ${seed})\n`,
    );
    const started = performance.now();
    const bar = new ProgressBar();
    const summary = await seedLibrary(db, {
      users,
      stories,
      seed,
      chaptersPerStory,
      chapterIndex: !values['no-chapter-index'],
      signal: interrupt.signal,
      onProgress: bar.update,
      onIndexesDropped: (indexes) => rememberDroppedIndexes(droppedIndexesFile, indexes),
      // Each phase says when it began, so that a long seed (a million stories) shows where
      // its time went.
      onPhase: (phase) => {
        bar.finish();
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(`${phase}... (${seconds} s in)\n`);
      },
    }).finally(() => bar.finish());
    rmSync(droppedIndexesFile, { force: true });
    const seconds = (performance.now() - started) / 1000;
    const rows = Object.entries(summary).map(
      ([k, v]) => `  ${k.padEnd(16)} ${v.toLocaleString('en-US')}`,
    );
    console.info(`Seeded in ${seconds.toFixed(1)} s:\n${rows.join('\n')}`);
    console.info(`Sign in with any seeded user's email and the password '${DEMO_PASSWORD}'.`);
  } catch (error) {
    // The seed rebuilds what it dropped before it fails; this makes sure, and tidies the file.
    await restoreDroppedIndexes(db, droppedIndexesFile).catch(() => {});
    if (!interrupt.signal.aborted) throw error;
    stopped = true;
  } finally {
    await db.close();
  }
  if (stopped)
    fail('Seeding stopped. The database holds part of a library; seed again with --reset.');
}

/**
 * `--chapter-index-only`: the chapters' search entries that a `--no-chapter-index` seed left
 * out, a batch of chapters per transaction (so an interrupted run loses nothing and the next
 * one carries on), then the index merged as the seed merges it.
 */
async function indexChapterText(): Promise<void> {
  const config = loadSeedConfig();
  const db: Db = createDb(config.database);
  try {
    await migrateToLatest(db);
    if (await isDatabaseEmpty(db))
      fail(`${describe(config.database)} holds no library to index; seed one first.`);
    process.stderr.write(`Indexing the chapter text of ${describe(config.database)}...\n`);
    const started = performance.now();
    let done = 0;
    const indexed = await buildChapterIndex(db.kysely, db.dialect, (batch) => {
      const before = done;
      done += batch;
      if (Math.floor(done / 100_000) > Math.floor(before / 100_000)) {
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(`  ${done.toLocaleString('en-US')} chapters (${seconds} s in)\n`);
      }
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `Indexed the text of ${indexed.toLocaleString('en-US')} chapters in ${seconds} s.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  fail(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
});
