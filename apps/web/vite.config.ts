import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { lucideSprite } from './vite/lucide-sprite';
import { serviceWorker } from './vite/service-worker';

const apiTarget = 'http://localhost:3000';
const bundleReport = fileURLToPath(new URL('../../scripts/bundle-report.mjs', import.meta.url));

/**
 * Page budgets (issue #8): after every build, scripts/bundle-report.mjs prints each route's
 * JavaScript and CSS (gzip) and fails the build when the initial load of `/` is over budget,
 * whatever the output directory.
 */
function pageBudgets(): Plugin {
  let outDir = '';
  return {
    name: 'storyloom:page-budgets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const run = spawnSync(process.execPath, [bundleReport, outDir], { stdio: 'inherit' });
      if (run.status !== 0) {
        throw new Error('page budgets: see the bundle report above (scripts/bundle-report.mjs)');
      }
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz, level 9) copy beside every text asset of 1 KB or more;
 * the server sends them to browsers that accept them (apps/api/src/plugins/spa.ts). Compressing
 * once at build time gives the smallest files at no cost per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'storyloom:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter(
        (name) => /\.(js|css|svg|json)$/.test(name) && !name.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                // 10 is within 2% of the maximum (11) in half the time.
                [constants.BROTLI_PARAM_QUALITY]: 10,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * React Router publishes a production build beside its development one but its package.json
 * maps every import to the development build (remix-run/react-router#14102), which checks and
 * warns as it goes. Builds take the production files: the browser's bundle and the server
 * renderer (where the router's own work was a fifth of a story page's render).
 */
const reactRouterProduction = (dir: string) => [
  { find: /^react-router$/, replacement: join(dir, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(dir, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [lucideSprite(), react(), tailwindcss(), precompress(), serviceWorker(), pageBudgets()],
  resolve: {
    alias:
      command === 'build'
        ? reactRouterProduction(
            fileURLToPath(
              new URL('../../node_modules/react-router/dist/production', import.meta.url),
            ),
          )
        : [],
    // `source` makes workspace packages (`@storyloom/shared`) resolve to their TypeScript source.
    conditions: ['source', ...defaultClientConditions],
  },
  // The server renderer (src/entry-server.tsx, `vite build --ssr`; docs/decisions/014) resolves
  // the shared package the same way; the other packages stay imports from node_modules.
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-report.mjs checks page budgets with.
    manifest: true,
    // A browser without <link rel="modulepreload"> still loads every chunk, just without the
    // head start; the polyfill would cost every other browser its bytes.
    modulePreload: {
      polyfill: false,
      // The top bar's menus are fetched while the page is idle (app/shell/lazy-overlays.ts).
      // Their chunk's imports then come with it, as the browser reads them, rather than as
      // <link rel="modulepreload"> tags added to the document first: adding them took 10–30 ms
      // of the main thread (40–120 ms in Lighthouse's slowed-down phone), one long task after
      // the page had settled.
      resolveDependencies: (filename, deps) =>
        /(^|\/)overlays-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
    rolldownOptions: {
      // The shared package has no side effects but does not say so yet ("sideEffects": false in
      // its package.json); without this its zod schemas land in the entry chunk unused.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // V8's explicit compile hint: the vendor and entry chunks run at once, so Chromium
        // compiles all their functions eagerly on a background thread while they download,
        // instead of one by one on the main thread when first called.
        postBanner: (chunk) =>
          chunk.name === 'react' || chunk.isEntry ? '//# allFunctionsCalledOnLoad' : '',
        codeSplitting: {
          // React and the router change rarely: keep them in their own long-cached chunk.
          // Pages are split by route through the router's lazy imports.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // TanStack Query in one chunk: every page uses it, and split by what each route
            // imports it was five chunks of 0.1–16 kB. One is 1.1–2.9 kB gzip less JavaScript
            // on every page, and one to three fewer files to fetch (docs/performance.md, *TanStack
            // Query in one chunk*).
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
