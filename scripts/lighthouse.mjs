// Lighthouse on the built product (issue #8): `/`, `/stories`, a story page and the reader,
// mobile settings (Lighthouse's default: a mid-range phone on slow 4G, simulated throttling),
// in Debian's Chromium.
//
//   npm run lighthouse [-- --runs 3] [--static <built web dir>] [--api <built api dir>]
//                      [--compare bench/results/<earlier run>.json] [--save-reports <dir>]
//                      [--no-docs]
//
// Starts the built server (apps/api/dist, or --api) on a temporary DATA_DIR seeded with the
// demo library, serving apps/web/dist (or --static / STATIC_DIR), runs Lighthouse `runs` times
// per page and keeps the median run by performance score. Writes
// bench/results/lighthouse-<date>.json and the table between the lighthouse markers in
// docs/performance.md. Targets: performance and accessibility at least 95 on every page; a miss
// is reported with its failing audits and the command exits 1. Scores vary with the machine's
// load (recorded with the results): run it on a quiet machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};
const TARGETS = { performance: 95, accessibility: 95 };
const MARKERS = ['<!-- lighthouse:start -->', '<!-- lighthouse:end -->'];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    static: { type: 'string' },
    api: { type: 'string' },
    'no-docs': { type: 'boolean', default: false },
    /** An earlier result file (bench/results/lighthouse-*.json) to show beside this run. */
    compare: { type: 'string' },
    /** Also keep every run's full Lighthouse report (JSON, viewable in the Lighthouse viewer). */
    'save-reports': { type: 'string' },
  },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) {
  console.error('--runs must be a whole number from 1 to 9');
  process.exit(2);
}
const STATIC_DIR = resolve(args.static ?? process.env.STATIC_DIR ?? join(ROOT, 'apps/web/dist'));
const SERVER = join(resolve(args.api ?? join(ROOT, 'apps/api/dist')), 'scripts/demo.js');

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Spawns a process and resolves once `ready(output)` matches, with the process. */
function startProcess(command, argv, options, ready, what) {
  return new Promise((resolveStart, reject) => {
    const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within 120 s:\n${output}`));
    }, 120_000);
    const onData = (chunk) => {
      output += chunk;
      const match = ready(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/** Ends a process this script started and waits for it to exit (at most 15 s). */
function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()).data;
}

/** The four pages: home, discovery, the most popular story, and its first chapter. */
async function pages(base) {
  const { items } = await getJson(`${base}/api/stories?sort=popular&limit=1`);
  const story = items[0];
  if (!story) throw new Error('the demo library has no public story');
  return [
    { name: 'Home', path: '/' },
    { name: 'Stories', path: '/stories' },
    { name: 'Story page', path: `/stories/${story.id}` },
    { name: 'Reader', path: `/stories/${story.id}/read?chapter=1` },
  ];
}

/**
 * One Lighthouse run. On a busy machine Chromium now and then fails to record the trace
 * (NO_NAVSTART and the like): such a run is repeated, up to twice.
 */
async function audit(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!outcome?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = outcome.lhr.runtimeError;
    if (!failure) return outcome;
    if (attempt === 3) throw new Error(`${url}: ${failure.message}`);
    console.warn(`${url}: ${failure.code}; running it again`);
  }
}

function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, audit]) => [key, lhr.audits[audit]?.numericValue ?? null]),
  );
  // What keeps a category from 100: its failing audits, heaviest first.
  const failing = {};
  for (const id of CATEGORIES) {
    failing[id] = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
      .sort((a, b) => b.ref.weight - a.ref.weight)
      .map(({ audit }) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { value: audit.displayValue } : {}),
      }));
  }
  return { scores, metrics, failing };
}

function median(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const ms = (value) => (value === null ? '–' : `${(value / 1000).toFixed(2)} s`);

function markdown(result) {
  const { machine } = result;
  const lines = [
    '## Lighthouse',
    '',
    `${result.date}, ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB, load average ${machine.loadAverage.start[0]} at the start, Chromium ${machine.chromium}, Lighthouse ${machine.lighthouse}. ` +
      `Mobile settings (Lighthouse defaults: Moto G Power class phone, slow 4G and 4× CPU slowdown, simulated); ` +
      `median of ${result.runs} run${result.runs === 1 ? '' : 's'} per page by performance score; demo library, signed out. ` +
      'Reproduce with `npm run lighthouse`; the full figures are in ' +
      `\`bench/results/${result.file}\`. Targets: performance ≥ ${TARGETS.performance} and accessibility ≥ ${TARGETS.accessibility}.`,
    '',
    '| page | path | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const page of result.pages) {
    const { scores, metrics } = page;
    const path = page.path.replace(/\/stories\/[^/?]+/, '/stories/{id}');
    lines.push(
      `| ${page.name} | \`${path}\` | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${ms(metrics.fcp)} | ${ms(metrics.lcp)} | ${Math.round(metrics.tbt ?? 0)} ms | ${(metrics.cls ?? 0).toFixed(3)} |`,
    );
  }
  if (result.compare) {
    const before = result.compare;
    lines.push(
      '',
      `Against \`bench/results/${before.file}\` (${before.date}${before.note ? `; ${before.note}` : ''}):`,
      '',
      '| page | performance | accessibility | SEO | FCP | LCP | TBT | CLS |',
      '|---|--:|--:|--:|--:|--:|--:|--:|',
    );
    for (const page of result.pages) {
      const old = before.pages.find((p) => p.name === page.name);
      if (!old) continue;
      const arrow = (a, b) => `${a} → ${b}`;
      lines.push(
        `| ${page.name} | ${arrow(old.scores.performance, page.scores.performance)} | ${arrow(old.scores.accessibility, page.scores.accessibility)} | ${arrow(old.scores.seo, page.scores.seo)} | ${arrow(ms(old.metrics.fcp), ms(page.metrics.fcp))} | ${arrow(ms(old.metrics.lcp), ms(page.metrics.lcp))} | ${arrow(Math.round(old.metrics.tbt ?? 0), Math.round(page.metrics.tbt ?? 0))} ms | ${arrow((old.metrics.cls ?? 0).toFixed(3), (page.metrics.cls ?? 0).toFixed(3))} |`,
      );
    }
  }
  lines.push('');
  const misses = result.pages.flatMap((page) =>
    Object.entries(TARGETS)
      .filter(([id, target]) => page.scores[id] < target)
      .map(
        ([id]) =>
          `${page.name} ${id} ${page.scores[id]}: ${page.failing[id].map((a) => a.title).join('; ')}`,
      ),
  );
  lines.push(
    misses.length === 0 ? 'Every page meets both targets.' : `Missed: ${misses.join('. ')}.`,
  );
  if (misses.some((miss) => miss.includes(' performance '))) {
    lines.push(
      '',
      'What limits performance here: the pages are rendered on the server (decision 014), so ' +
        'they paint from the first response, with no API round trip. What remains is the work ' +
        'after that paint: evaluating the JavaScript of the initial load (about 430 KB before ' +
        'compression) in one task, and hydrating the page (in slices, as a transition). ' +
        'Lighthouse multiplies observed main-thread time by 4 and counts every task over 50 ms ' +
        'as Total Blocking Time, and its simulated LCP counts the scripts that had loaded and ' +
        'run before the observed paint. Other work on the machine (the load average above) ' +
        'inflates both. Reaching 95 would take much less JavaScript on these pages: hydrating ' +
        'only their interactive parts (islands, or React Server Components) or a smaller runtime.',
    );
  }
  if (result.budget) {
    lines.push(
      '',
      `Page budgets (\`scripts/bundle-report.mjs\`, run by every build of apps/web, which fails ` +
        `when the JavaScript for \`/\` exceeds ${result.budget.limit.toLocaleString('en')} bytes gzip):`,
      '',
      '| route | JavaScript (gzip) | CSS (gzip) |',
      '|---|--:|--:|',
      ...result.budget.routes.map(
        (route) =>
          `| \`${route.route}\` | ${route.js.toLocaleString('en')} B | ${route.css.toLocaleString('en')} B |`,
      ),
    );
  }
  return lines.join('\n');
}

function writeDocs(section) {
  const file = join(ROOT, 'docs/performance.md');
  const block = `${MARKERS[0]}\n${section}\n${MARKERS[1]}`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Performance\n\n${block}\n`);
    return file;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(MARKERS[0]);
  const end = text.indexOf(MARKERS[1]);
  const next =
    start !== -1 && end > start
      ? text.slice(0, start) + block + text.slice(end + MARKERS[1].length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
  return file;
}

function budgetFigure() {
  const report = join(STATIC_DIR, '.vite/bundle-report.json');
  if (!existsSync(report)) return undefined;
  const data = JSON.parse(readFileSync(report, 'utf8'));
  const routes = ['/', '/stories', '/stories/:id', '/stories/:id/read'].flatMap((route) => {
    const page = data.pages.find((p) => p.routes.includes(route));
    return page ? [{ route, js: page.total.js, css: page.total.css }] : [];
  });
  return { js: data.home.js, limit: data.budget.js, routes };
}

async function main() {
  for (const file of [SERVER, join(STATIC_DIR, 'index.html'), CHROMIUM]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing (run 'npm run build'; Chromium: apt-get install chromium)`,
      );
    }
  }
  const loadStart = loadavg().map((n) => Number(n.toFixed(2)));
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-lighthouse-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'storyloom-lighthouse-chromium-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server;
  let chrome;
  try {
    console.log(`Seeding the demo library and starting the server on ${base} …`);
    ({ child: server } = await startProcess(
      process.execPath,
      [SERVER],
      {
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          STATIC_DIR,
          PUBLIC_URL: base,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
      },
      (output) => output.includes('Storyloom is running'),
      'the server',
    ));
    const targets = await pages(base);
    // A server in service has rendered its pages before: the first request of each page warms
    // the renderer and the caches, so no audit measures a cold start.
    // Each must come rendered: a shell (a server renderer that cannot load its packages, as from
    // a --static copy outside the repository, or a shed render) would measure another page.
    // A server that has just seeded the demo library may still be busy with its jobs and shed a
    // render or two: a page is asked for up to five times, a second apart, before giving up.
    const rendered = async (path) => {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const res = await fetch(`${base}${path}`);
        await res.arrayBuffer();
        if (res.headers.get('x-server-rendered') === 'true') return true;
        await new Promise((done) => setTimeout(done, 1000));
      }
      return false;
    };
    for (const page of targets) {
      if (!(await rendered(page.path))) {
        throw new Error(
          `${page.path} came back as the app shell, not rendered on the server: see the server's log (a --static build must sit inside the repository, where its .server bundle finds node_modules)`,
        );
      }
    }

    const started = await startProcess(
      CHROMIUM,
      [
        ...CHROME_FLAGS,
        '--remote-debugging-port=0',
        `--user-data-dir=${profileDir}`,
        'about:blank',
      ],
      {},
      (output) => /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output),
      'Chromium',
    );
    chrome = started.child;
    const chromePort = Number(started.match[1]);
    const version = await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json();

    const results = [];
    for (const page of targets) {
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const outcome = await audit(`${base}${page.path}`, chromePort);
        const summary = summarise(outcome.lhr);
        if (args['save-reports']) {
          mkdirSync(args['save-reports'], { recursive: true });
          const name = `${page.name.toLowerCase().replace(/\W+/g, '-')}-${run}.json`;
          writeFileSync(join(args['save-reports'], name), outcome.report);
        }
        runs.push(summary);
        console.log(
          `${page.name} run ${run}: ${CATEGORIES.map((id) => `${id} ${summary.scores[id]}`).join(', ')}, LCP ${ms(summary.metrics.lcp)}, TBT ${Math.round(summary.metrics.tbt)} ms`,
        );
      }
      const chosen = median(runs);
      results.push({
        ...page,
        ...chosen,
        runs: runs.map(({ scores, metrics }) => ({ scores, metrics })),
      });
    }

    const date = new Date().toISOString().slice(0, 10);
    const file = `lighthouse-${date}.json`;
    const result = {
      date,
      file,
      runs: RUNS,
      settings: {
        formFactor: 'mobile',
        throttling: 'simulated (Lighthouse defaults)',
        categories: CATEGORIES,
      },
      machine: {
        cores: cpus().length,
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        memoryGb: Math.round(totalmem() / 2 ** 30),
        // Other work on the machine slows the page's main thread, which Lighthouse's 4× CPU
        // slowdown then multiplies: a load near the core count or above inflates TBT and LCP.
        loadAverage: { start: loadStart, end: loadavg().map((n) => Number(n.toFixed(2))) },
        node: process.version,
        chromium: version.Browser?.replace(/^[^/]*\//, '') ?? 'unknown',
        lighthouse: JSON.parse(
          readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
        ).version,
      },
      targets: TARGETS,
      budget: budgetFigure(),
      pages: results,
    };
    if (args.compare) {
      const before = JSON.parse(readFileSync(resolve(args.compare), 'utf8'));
      result.compare = {
        file: before.file,
        date: before.date,
        note: before.note,
        pages: before.pages,
      };
    }
    const resultsDir = join(ROOT, 'bench/results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, file), `${JSON.stringify(result, null, 2)}\n`);
    const section = markdown(result);
    console.log(`\n${section}\n`);
    console.log(`Wrote bench/results/${file}`);
    if (!args['no-docs']) console.log(`Updated ${writeDocs(section)}`);
    const missed = results.some((page) =>
      Object.entries(TARGETS).some(([id, target]) => page.scores[id] < target),
    );
    if (missed) process.exitCode = 1;
  } finally {
    await Promise.all([stop(chrome), stop(server)]);
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
