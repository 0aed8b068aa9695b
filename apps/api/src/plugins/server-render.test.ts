import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_STATE_ELEMENT_ID, SIGNED_IN_COOKIE } from '@storyloom/shared';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { call, createStory } from '../test/stories.js';
import { createPageRenderer } from './server-render.js';

/**
 * Server rendering with the real web build (apps/web/dist, which `npm test` builds first): the
 * pages a visitor opens come with their content and the data they were rendered from.
 */
const WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const built = existsSync(join(WEB_DIST, '.server/entry-server.js'));
if (!built && process.env.CI) {
  throw new Error(`${WEB_DIST} has no server renderer: run 'npm run build' first`);
}

let t: TestApp;
let story: { id: string; title: string };
let hidden: { id: string };
beforeAll(async () => {
  if (!built) return;
  t = await createTestApp({ env: { STATIC_DIR: WEB_DIST } });
  const { auth } = await createUser(t.testDb.db, t.config);
  story = await createStory(t, auth, {
    title: 'Lanterns </script><script>alert(1)</script> & Tides',
    description: 'A harbour town keeps its lights burning.',
  });
  hidden = await createStory(t, auth, { title: 'Secret Draft Of Mine', visibility: 'private' });
  // The first render loads the renderer and React's development build, and each page's first
  // its own modules: done before the tests, as a server in service has done it long before (on
  // a busy machine a first render can outlast the render time-out, and the page is the shell).
  for (const url of ['/', `/stories/${story.id}`, `/stories/${story.id}/read?chapter=1`]) {
    await t.app.inject({ method: 'GET', url });
  }
});
afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The page's #root and its state element. */
function parts(html: string) {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html);
  const state = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return { root: root?.[1] ?? null, state: state ? JSON.parse(state[1]!) : null };
}

describe.skipIf(!built)('server-rendered pages', () => {
  it('renders the home page with its stories and hands the data over', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('cookie');
    const { root, state } = parts(res.body);
    // Text is escaped in the markup…
    expect(root).toContain(
      'Lanterns &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Tides',
    );
    // …and the state cannot close its element: `<` travels as \u003c, and parses back whole.
    expect(res.body).not.toContain('</script><script>alert(1)');
    // Every card shows reads, likes and comments, as story cards elsewhere do.
    const cards = root?.match(/<article class="card"/g)?.length ?? 0;
    expect(cards).toBeGreaterThan(0);
    // (The three figures in that order, their icons and words drawn by styles.css.)
    const figures = root?.match(/<span class="card-stats">(<span>[\d.]+[KM]?<\/span>){3}<\/span>/g);
    expect(figures?.length).toBe(cards);
    const keys = state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]);
    expect(keys).toContain('stories');
    expect(JSON.stringify(state.queries)).toContain(story.title);
    // The app's scripts wait behind the page's own paint.
    expect(res.body).toMatch(/<script type="module" fetchpriority="low"/);
  });

  it('renders a story page with its title in the head, its table of contents and More Like This data', async () => {
    const res = await page(`/stories/${story.id}`);
    expect(res.statusCode).toBe(200);
    const { root, state } = parts(res.body);
    expect(root).toContain('A harbour town keeps its lights burning.');
    expect(res.body).toMatch(/<title>Lanterns .* — Storyloom<\/title>/);
    // What React writes for the head (the title, the first images' preloads) is in the head,
    // never left at the top of the page's body.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<title>Lanterns');
    expect(head).toContain('<link rel="preload" as="image"');
    expect(root).not.toMatch(/<title>|<link /);
    const hashes = state.queries.queries.map((q: { queryHash: string }) => q.queryHash);
    expect(hashes).toEqual(
      expect.arrayContaining([
        `["stories","${story.id}"]`,
        `["stories","${story.id}","similar"]`,
        `["stories","${story.id}","contents",{"publishedOnly":true}]`,
      ]),
    );
    // The chapters are listed, linked to the reader, and none of their text travels with them.
    expect(root).toMatch(new RegExp(`href="/stories/${story.id}/read\\?chapter=1"`));
    expect(root).toContain('Setting out');
    expect(res.body).not.toContain('It began at dusk.');
  });

  it('renders the reader with the chapter text', async () => {
    const res = await page(`/stories/${story.id}/read?chapter=1`);
    expect(res.statusCode).toBe(200);
    expect(parts(res.body).root).toContain('It began at dusk.');
  });

  it('never renders a private story: the shell, with nothing of it in the page', async () => {
    const res = await page(`/stories/${hidden.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Secret Draft Of Mine');
    expect(res.body).not.toContain(SERVER_STATE_ELEMENT_ID);
  });

  it("leaves a private author's picture out of the story page and the lists", async () => {
    const author = await createUser(t.testDb.db, t.config);
    const picture = `/media/avatars/${author.user.id}/hidden-face-lg.webp`;
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ profile_pic: picture })
      .where('id', '=', author.user.id)
      .execute();
    await call(t, 'PUT', '/users/me/settings', author.auth, { profileVisibility: 'private' });
    const own = await createStory(t, author.auth, { title: 'Behind The Curtain' });
    for (const url of [`/stories/${own.id}`, '/', '/stories']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Behind The Curtain');
      expect(res.body, url).not.toContain('hidden-face');
    }
  });

  it('answers an unknown page with the rendered 404 page and a 404 status', async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(parts(res.body).root).toContain('Page not found');
  });

  it('sends the shell for pages that need a session, and to signed-in readers', async () => {
    const feed = await page('/feed');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<div id="root"></div>');
    const signedIn = await page('/', { cookie: `theme=dark; ${SIGNED_IN_COOKIE}=1` });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain('fetchpriority="low"');
    expect(signedIn.body).not.toContain(story.title);
  });

  it('compresses the page for browsers that take it', async () => {
    const plain = await page('/stories');
    const br = await page('/stories', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // Each render hands over its own timestamps; the page itself is the same.
    const { root } = parts(plain.body);
    expect(root).toContain('Discover Stories');
    expect(parts(brotliDecompressSync(br.rawPayload).toString()).root).toBe(root);
    const gz = await page('/stories', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(parts(gunzipSync(gz.rawPayload).toString()).root).toBe(root);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the renderer itself private', async () => {
    const res = await page('/.server/entry-server.js');
    expect(res.body).not.toContain('createServerRenderer');
    // The API itself is untouched by page rendering.
    expect((await call(t, 'GET', `/stories/${story.id}`)).status).toBe(200);
  });
});

describe.skipIf(!built)('rendered pages kept for visitors', () => {
  let cached: TestApp;
  beforeAll(async () => {
    if (!built) return;
    cached = await createTestApp({ env: { STATIC_DIR: WEB_DIST, RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(() => cached?.close());

  const visit = (url: string, headers: Record<string, string> = {}) =>
    cached.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
  const html = (res: { rawPayload: Buffer }) => brotliDecompressSync(res.rawPayload).toString();

  it('renders a page once, keeps it until a write, then renders it afresh', async () => {
    const { auth } = await createUser(cached.testDb.db, cached.config);
    const kept = await createStory(cached, auth, { title: 'Kept Lantern' });
    const first = await visit(`/stories/${kept.id}`);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['x-server-rendered']).toBe('true');
    const second = await visit(`/stories/${kept.id}`);
    expect(second.headers['x-cache']).toBe('hit');
    expect(html(second)).toBe(html(first));

    const renamed = await call(cached, 'PATCH', `/stories/${kept.id}`, auth, {
      title: 'Renamed Lantern',
    });
    expect(renamed.status).toBe(200);
    const after = await visit(`/stories/${kept.id}`);
    expect(after.headers['x-cache']).toBe('miss');
    expect(html(after)).toContain('Renamed Lantern');
    expect(html(after)).not.toContain('Kept Lantern');
  });

  it('keeps no shell: a page that could not be rendered is tried again', async () => {
    const { auth } = await createUser(cached.testDb.db, cached.config);
    const secret = await createStory(cached, auth, { title: 'Kept Secret', visibility: 'private' });
    for (let i = 0; i < 2; i += 1) {
      const res = await visit(`/stories/${secret.id}`);
      expect(res.headers['x-server-rendered']).toBe('false');
      expect(res.headers['x-cache']).toBe('miss');
      expect(html(res)).not.toContain('Kept Secret');
    }
    // A signed-in reader never touches the kept pages.
    const signedIn = await visit('/', { cookie: `${SIGNED_IN_COOKIE}=1` });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['x-server-rendered']).toBe('false');
  });

  it("lets a CDN keep a visitor's rendered page briefly, never the shell or a signed-in reader's page", async () => {
    const { auth } = await createUser(cached.testDb.db, cached.config);
    const open = await createStory(cached, auth, { title: 'Shared Page Lantern' });
    const secret = await createStory(cached, auth, { title: 'Unshared', visibility: 'private' });
    // RESPONSE_CACHE_MS is a minute here: s-maxage=60, and the stale window's minute at most.
    const rendered = await visit(`/stories/${open.id}`);
    expect(rendered.headers['x-server-rendered']).toBe('true');
    expect(rendered.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
    );
    expect(rendered.headers.vary).toBe('accept-encoding, cookie');
    const kept = await visit(`/stories/${open.id}`);
    expect(kept.headers['x-cache']).toBe('hit');
    expect(kept.headers['cache-control']).toBe(rendered.headers['cache-control']);
    const unknown = await visit('/no-such-page-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    // A private story gets the shell, asked for again each time.
    const shell = await visit(`/stories/${secret.id}`);
    expect(shell.headers['x-server-rendered']).toBe('false');
    expect(shell.headers['cache-control']).toBe('no-cache');
    const signedIn = await visit(`/stories/${open.id}`, { cookie: `${SIGNED_IN_COOKIE}=1` });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the renderer under load', () => {
  it('renders a few pages at once; the rest wait their turn, or get the shell when it is too far off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storyloom-renderer-'));
    mkdirSync(join(dir, '.server'));
    // A stand-in renderer whose renders wait until the test lets them finish.
    writeFileSync(
      join(dir, '.server/entry-server.js'),
      `export function createServerRenderer() {
        return { render: (url) => new Promise((resolve) => {
          (globalThis.__releaseRenders ??= []).push(() =>
            resolve({ kind: 'page', status: 200, html: url, head: '', state: '{}' }));
        }) };
      }`,
    );
    const app = Fastify();
    // Two at once; a render is taken to last 10 ms until one has finished, so the third and
    // fourth expect to wait 5 and 10 ms (within 12), the fifth 15 ms (too long).
    const renderer = createPageRenderer(app, dir, { slots: 2, waitBudgetMs: 12 });
    try {
      expect(renderer).not.toBeNull();
      const request = { method: 'GET', url: '/', ip: '127.0.0.1', headers: {} } as FastifyRequest;
      const running = [renderer!.render(request), renderer!.render(request)];
      await vi.waitFor(() => expect(releases().length).toBe(2));
      const waiting = [renderer!.render(request), renderer!.render(request)];
      expect(await renderer!.render(request)).toEqual({
        kind: 'skip',
        reason: 'busy rendering other pages',
      });
      // The waiting two start only as the first two finish, and are rendered too.
      expect(releases().length).toBe(2);
      for (const release of releases().splice(0)) release();
      expect((await Promise.all(running)).every((r) => r.kind === 'page')).toBe(true);
      await vi.waitFor(() => expect(releases().length).toBe(2));
      for (const release of releases().splice(0)) release();
      expect((await Promise.all(waiting)).every((r) => r.kind === 'page')).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const releases = () =>
  ((globalThis as { __releaseRenders?: (() => void)[] }).__releaseRenders ??= []);
