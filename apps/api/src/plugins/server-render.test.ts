import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_STATE_ELEMENT_ID, SIGNED_IN_COOKIE } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { createUser } from '../test/factories.js';
import { call, createStory } from '../test/stories.js';

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
  // The first render loads the renderer and React's development build: done before the tests
  // time anything, as a server in service has done it long before.
  await t.app.inject({ method: 'GET', url: '/' });
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
    const keys = state.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]);
    expect(keys).toContain('stories');
    expect(JSON.stringify(state.queries)).toContain(story.title);
    // The app's scripts wait behind the page's own paint.
    expect(res.body).toMatch(/<script type="module" fetchpriority="low"/);
  });

  it('renders a story page with its title in the head and More Like This data', async () => {
    const res = await page(`/stories/${story.id}`);
    expect(res.statusCode).toBe(200);
    const { root, state } = parts(res.body);
    expect(root).toContain('A harbour town keeps its lights burning.');
    expect(res.body).toMatch(/<title>Lanterns .* — Storyloom<\/title>/);
    const hashes = state.queries.queries.map((q: { queryHash: string }) => q.queryHash);
    expect(hashes).toEqual(
      expect.arrayContaining([`["stories","${story.id}"]`, `["stories","${story.id}","similar"]`]),
    );
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
