import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const BROTLI = brotliCompressSync(SCRIPT);
const GZIP = gzipSync(SCRIPT, { level: 9 });

/** What scripts/bundle-report.mjs writes, cut to what the server reads. */
const REPORT = {
  pages: [
    { routes: ['/'], files: ['assets/home-page-aaa111.js', 'assets/story-card-bbb222.js'] },
    { routes: ['/stories', '/stories/search'], files: ['assets/discover-page-ccc333.js'] },
    { routes: ['/stories/:id'], files: ['assets/story-detail-ddd444.js'] },
    {
      routes: ['/stories/:id/read'],
      files: ['assets/reader-page-eee555.js', 'assets/reader-fff666.css'],
    },
    { routes: ['/stories/create'], files: ['assets/create-story-ggg777.js'] },
    { routes: ['/about'], files: [] },
    { routes: ['/*'], files: ['assets/not-found-hhh888.js', '../outside.js'] },
  ],
};

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'storyloom-spa-assets-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html><head><title>Storyloom</title></head><body></body></html>',
  );
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(staticDir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Storyloom"}');
  writeFileSync(join(staticDir, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets/app-abc123.js.br'), BROTLI);
  writeFileSync(join(staticDir, 'assets/app-abc123.js.gz'), GZIP);
  writeFileSync(join(staticDir, 'assets/small-def456.js'), 'export {};\n');
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, '.vite/bundle-report.json'), JSON.stringify(REPORT));
  t = await createTestApp({ env: { STATIC_DIR: staticDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('static assets of the web app', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(BROTLI)).toBe(true);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.rawPayload.equals(GZIP)).toBe(true);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(SCRIPT);
  });

  it('sends an asset without compressed copies as it is', async () => {
    const res = await get('/assets/small-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('caches files outside assets/ (not content-hashed) for an hour only', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has the service worker and the manifest checked on every use', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('still answers client routes with index.html, never cached', async () => {
    const res = await get('/stories', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Storyloom</title>');
  });
});

describe('module preloads of a page', () => {
  const preloaded = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
  };

  it("names the home page's chunks on /", async () => {
    expect(await preloaded('/')).toEqual([
      '/assets/home-page-aaa111.js',
      '/assets/story-card-bbb222.js',
    ]);
  });

  it('matches dynamic segments, ignores the query, and prefers the most specific route', async () => {
    expect(await preloaded('/stories/0190-abc/read?chapter=2')).toEqual([
      '/assets/reader-page-eee555.js',
    ]);
    expect(await preloaded('/stories/0190-abc')).toEqual(['/assets/story-detail-ddd444.js']);
    expect(await preloaded('/stories/search?q=dragon')).toEqual([
      '/assets/discover-page-ccc333.js',
    ]);
    expect(await preloaded('/stories/create')).toEqual(['/assets/create-story-ggg777.js']);
  });

  it('falls back to the catch-all route and never names a file outside assets/', async () => {
    expect(await preloaded('/no/such/page')).toEqual(['/assets/not-found-hhh888.js']);
  });

  it('adds nothing for a page without chunks of its own', async () => {
    expect(await preloaded('/about')).toEqual([]);
  });

  it('keeps the build report itself private', async () => {
    const res = await get('/.vite/bundle-report.json');
    expect(res.body).not.toContain('discover-page');
  });
});
