// Page budgets (issue #8): how much JavaScript and CSS each route of the built web app needs,
// gzip-compressed, and a check that the initial load of `/` stays within its budget.
//
//   node scripts/bundle-report.mjs [distDir]      (default apps/web/dist; run by its build)
//
// Reads the Vite manifest (dist/.vite/manifest.json), dist/index.html and the router
// (apps/web/src/app/router.tsx) and prints a table. Writes the figures to
// dist/.vite/bundle-report.json (not served: the server skips dot-folders).
//
// - initial: what index.html loads before any route code: its scripts, module preloads and
//   stylesheets, plus the entry chunk's static imports (the same set Vite preloads).
// - each route: the chunks its lazy `import()` needs beyond the initial load.
// - `/` is the initial load plus the home route's chunks: everything the browser fetches to
//   show the home page. Its JavaScript must not exceed BUDGET_JS bytes gzip-compressed.
//
// The budget is 150 KB read strictly: 150,000 bytes (not 150 × 1024). Sizes are gzip level 9 of
// the built files, which is what the server sends (it serves the precompressed .gz copies the
// build writes beside each asset). Builds are deterministic, so this is a check, not a timing.
// Packages that must never be part of the initial load or of a reading page (READING_ROUTES)
// fail the check too (read from the chunks' source maps).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_JS = 150_000;
/**
 * Never in the initial load, nor in the pages a visitor reads (READING_ROUTES): the editor, the
 * photo cropper, the validation library. Those pages validate nothing a reader types; a
 * module-level zod call kept in their import graph once cost the story page 25 KB gzip.
 */
export const FORBIDDEN_INITIAL = [
  /node_modules\/@tiptap\//,
  /node_modules\/prosemirror-/,
  /node_modules\/react-easy-crop\//,
  /node_modules\/zod\//,
];

/** The pages Lighthouse judges (scripts/lighthouse.mjs): what visitors land on and read. */
export const READING_ROUTES = ['/', '/stories', '/stories/:id', '/stories/:id/read'];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'apps/web');
const ROUTER = join(WEB, 'src/app/router.tsx');

/** gzip level 9 size of a built file, memoised. */
const gzipSizes = new Map();
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The files a chunk needs to run: itself, its static imports (transitively) and their CSS. */
export function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no entry '${key}'`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The assets index.html itself references (scripts, module preloads, stylesheets). */
export function htmlAssets(html) {
  const files = new Set();
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src || /^[a-z]+:/i.test(src) || src.startsWith('//')) continue;
    const isScript = match[1] === 'script';
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (isScript || rel === 'modulepreload' || rel === 'stylesheet')
      files.add(src.replace(/^\//, ''));
  }
  return files;
}

/**
 * The router's lazily loaded pages, `{ routes: [{ path, module }], unmatched }`, each module a
 * manifest key (`src/features/…/page.tsx`). Reads route objects of the form `{ path: 'x',
 * lazy: () => import('…') }`, `{ index: true, lazy: name }` where `const name = () =>
 * import('…')`, and `lazy: factory('Export')` where `const factory = … import('…')`.
 */
export function routeModules(source, routerKey, manifest) {
  const dir = posix.dirname(routerKey);
  const toKey = (specifier) => {
    const base = posix.normalize(posix.join(dir, specifier));
    const key = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((candidate) => manifest[candidate]);
    if (!key) throw new Error(`router import '${specifier}' is not a chunk in the manifest`);
    return key;
  };
  const named = (name) => {
    const found = new RegExp(`const ${name}\\b[^;]*?import\\('([^']+)'\\)`, 's').exec(source);
    if (!found) throw new Error(`cannot find what router.tsx's '${name}' imports`);
    return found[1];
  };
  const routes = [];
  const pattern =
    /(?:path:\s*'([^']*)'|index:\s*true)[^{}]*?lazy:\s*(?:\(\)\s*=>\s*import\('([^']+)'\)|([A-Za-z_$][\w$]*))/gs;
  for (const match of source.matchAll(pattern)) {
    const [, path, specifier, name] = match;
    routes.push({
      path: path === undefined ? '/' : `/${path}`,
      module: toKey(specifier ?? named(name)),
    });
  }
  // A lazy route written in a form the pattern above misses would silently drop out of the
  // report: name every import of router.tsx that no route was matched to.
  const matched = new Set(routes.map((route) => route.module));
  const unmatched = [...source.matchAll(/import\('([^']+)'\)/g)]
    .map((match) => toKey(match[1]))
    .filter((key) => !matched.has(key));
  return { routes, unmatched: [...new Set(unmatched)] };
}

function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function sum(files, dist, ext) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    if (!file.endsWith(ext)) continue;
    const path = join(dist, file);
    raw += readFileSync(path).length;
    gzip += gzipSize(path);
  }
  return { raw, gzip };
}

/** Source files bundled into the given chunks, from their source maps (empty without maps). */
function bundledSources(files, dist) {
  const sources = [];
  for (const file of files) {
    const map = join(dist, `${file}.map`);
    if (!file.endsWith('.js') || !existsSync(map)) continue;
    for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
      sources.push(posix.normalize(posix.join(posix.dirname(file), source)));
    }
  }
  return sources;
}

export function report(dist) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build apps/web first (build.manifest is on)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const initial = new Set([
    ...htmlAssets(readFileSync(join(dist, 'index.html'), 'utf8')),
    ...staticClosure(manifest, entryKey),
  ]);
  for (const file of initial) {
    if (!existsSync(join(dist, file))) throw new Error(`index.html loads ${file}, not in ${dist}`);
  }

  const routerKey = relative(WEB, ROUTER).split('\\').join('/');
  const { routes, unmatched } = routeModules(readFileSync(ROUTER, 'utf8'), routerKey, manifest);
  const byModule = new Map();
  for (const { path, module } of routes) {
    const group = byModule.get(module) ?? [];
    group.push(path);
    byModule.set(module, group);
  }

  const initialJs = sum(initial, dist, '.js');
  const initialCss = sum(initial, dist, '.css');
  const pages = [...byModule].map(([module, paths]) => {
    const files = [...staticClosure(manifest, module)].filter((file) => !initial.has(file));
    const js = sum(files, dist, '.js');
    const css = sum(files, dist, '.css');
    return {
      routes: paths,
      module,
      files,
      js,
      css,
      total: { js: initialJs.gzip + js.gzip, css: initialCss.gzip + css.gzip },
    };
  });

  const home = pages.find((page) => page.routes.includes('/'));
  if (!home) throw new Error("router.tsx has no lazy index route for '/'");
  const homeJs = initialJs.gzip + home.js.gzip;

  const routeModulesSet = new Set(byModule.keys());
  const deferred = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && !routeModulesSet.has(key))
    .map(([module]) => {
      // Counted beyond what the initial load and the chunk that asks for it already loaded.
      const loaded = new Set(initial);
      for (const [key, chunk] of Object.entries(manifest)) {
        if (chunk.dynamicImports?.includes(module)) staticClosure(manifest, key, loaded);
      }
      const files = [...staticClosure(manifest, module)].filter((file) => !loaded.has(file));
      return { module, files, js: sum(files, dist, '.js'), css: sum(files, dist, '.css') };
    });

  const forbidden = READING_ROUTES.flatMap((route) => {
    const page = pages.find((candidate) => candidate.routes.includes(route));
    if (!page) throw new Error(`router.tsx has no lazy route for '${route}'`);
    return bundledSources([...initial, ...page.files], dist)
      .filter((source) => FORBIDDEN_INITIAL.some((pattern) => pattern.test(source)))
      .map((source) => `${route}: ${source}`);
  });

  return {
    budget: { js: BUDGET_JS, unit: 'bytes, gzip level 9' },
    initial: { files: [...initial], js: initialJs, css: initialCss },
    home: { js: homeJs, css: initialCss.gzip + home.css.gzip },
    pages,
    deferred,
    forbidden: [...new Set(forbidden)],
    unmatched,
    ok: homeJs <= BUDGET_JS && forbidden.length === 0,
  };
}

function printTable(result) {
  const rows = [
    ['route', 'chunk', 'JS gzip', 'CSS gzip', 'total JS gzip'],
    [
      'initial (index.html)',
      `${result.initial.files.length} files`,
      kb(result.initial.js.gzip),
      kb(result.initial.css.gzip),
      kb(result.initial.js.gzip),
    ],
    ...result.pages.map((page) => [
      page.routes.length > 3
        ? `${page.routes.slice(0, 3).join(', ')} +${page.routes.length - 3}`
        : page.routes.join(', '),
      page.module.replace(/^src\//, '').replace(/\.[jt]sx?$/, ''),
      `+${kb(page.js.gzip)}`,
      `+${kb(page.css.gzip)}`,
      kb(page.total.js),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const [i, row] of rows.entries()) {
    console.log(
      row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  for (const module of result.unmatched) {
    console.warn(`router.tsx imports ${module} in a form the report cannot tie to a route`);
  }
  if (result.deferred.length > 0) {
    console.log('\nloaded on demand inside pages (beyond what the page has loaded):');
    for (const chunk of result.deferred) {
      console.log(`  ${chunk.module.replace(/^src\//, '')}  ${kb(chunk.js.gzip)}`);
    }
  }
}

function main() {
  const dist = resolve(process.argv[2] ?? join(WEB, 'dist'));
  const result = report(dist);
  printTable(result);
  const out = join(dist, '.vite/bundle-report.json');
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  const verdict = `JavaScript for '/': ${result.home.js.toLocaleString('en')} bytes gzip of a ${BUDGET_JS.toLocaleString('en')}-byte budget`;
  if (result.forbidden.length > 0) {
    console.error(`\nA reading page bundles code that must load on demand (route: source):`);
    for (const source of result.forbidden) console.error(`  ${source}`);
  }
  if (result.home.js > BUDGET_JS) {
    console.error(`\nOver budget: ${verdict}.`);
  }
  if (!result.ok) process.exit(1);
  console.log(`\n${verdict} (${kb(BUDGET_JS - result.home.js)} to spare). Report: ${out}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`bundle report: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
