import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The pages that must open offline: their chunks are kept with the shell. */
const OFFLINE_PAGES = [
  'src/features/reader/reader-page.tsx',
  'src/features/library/library-page.tsx',
];

/** Files of public/ the shell needs (index.html is the build's own). */
const PUBLIC_FILES = [
  '/index.html',
  '/theme-init.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

/**
 * The files the app shell needs: the entry chunk and its static imports, the offline pages'
 * chunks with their static and dynamic imports (the reader's settings and contents), every
 * stylesheet and the icon sprite.
 */
export function shellFiles(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string, dynamic: boolean) => {
    const item = bundle[fileName];
    if (!item || files.has(fileName)) return;
    files.add(fileName);
    if (item.type !== 'chunk') return;
    for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of item.imports) visit(imported, dynamic);
    if (dynamic) for (const imported of item.dynamicImports) visit(imported, dynamic);
  };
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk') {
      const id = item.facadeModuleId ?? '';
      if (item.isEntry) visit(item.fileName, false);
      else if (OFFLINE_PAGES.some((page) => id.endsWith(page))) visit(item.fileName, true);
    } else if (/^assets\/.*\.(css|svg)$/.test(item.fileName)) {
      files.add(item.fileName);
    }
  }
  return [...files].sort().map((file) => `/${file}`);
}

/**
 * Writes dist/sw.js from sw/sw.js (docs/decisions/035-offline-reading.md): the shell's files to
 * keep, and a version that changes with them and with the contents of index.html and of the
 * public files it keeps, so each build that changes
 * what the shell is installs a new worker (which drops the old one's caches).
 */
export function serviceWorker(): Plugin {
  const source = new URL('../sw/sw.js', import.meta.url);
  let publicDir = '';
  return {
    name: 'storyloom:service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const precache = [...PUBLIC_FILES, ...shellFiles(bundle)];
      const worker = await readFile(source, 'utf8');
      const hash = createHash('sha256').update(worker).update(JSON.stringify(precache));
      hash.update(await readFile(join(dir, 'index.html')));
      for (const file of PUBLIC_FILES.slice(1)) hash.update(await readFile(join(publicDir, file)));
      const version = hash.digest('hex').slice(0, 12);
      const built = worker
        .replace("'__SW_VERSION__'", JSON.stringify(version))
        .replace('__SW_PRECACHE__', JSON.stringify(precache));
      await writeFile(join(dir, 'sw.js'), built);
    },
  };
}
