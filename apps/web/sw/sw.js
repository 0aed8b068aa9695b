// Storyloom's service worker (docs/decisions/035-offline-reading.md). Built into dist/sw.js by
// vite/service-worker.ts, which fills in the version and the precache list.
//
// What it does, and no more:
// - keeps the app shell (index.html as built, the entry's chunks, the reader's and the library's
//   chunks, icons and styles) so the app opens with no connection;
// - answers pages (navigations) from the network, and with the kept shell when the network
//   fails, so the app's router shows the page (the reader opens a story kept offline);
// - answers the hashed assets (/assets/…, never changed once built) from its caches, keeping
//   the ones the app loads while online for use offline.
// It never touches /api: the API's answers, signed in or not, go to the network as if it were
// not there. The chapters a reader keeps offline are stored by the app itself, per account, and
// read back by the app (apps/web/src/api/offline), never by this worker.

/** @type {string} */
const VERSION = '__SW_VERSION__';
/** @type {string[]} */
const PRECACHE = __SW_PRECACHE__;
const SHELL_URL = '/index.html';
const PREFIX = 'storyloom-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const ASSET_CACHE = `${PREFIX}assets-${VERSION}`;

/** @param {ExtendableEvent} event */
function onInstall(event) {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // Past the HTTP cache, but for the hashed assets (never changed once built): an index.html
      // an hour old there would name the last build's chunks.
      .then((cache) =>
        cache.addAll(
          PRECACHE.map((url) =>
            url.startsWith('/assets/') ? url : new Request(url, { cache: 'reload' }),
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
}

/** Drops the caches of earlier versions (never the app's offline copies) and takes over. */
async function activate() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter(
        (name) =>
          (name.startsWith(`${PREFIX}shell-`) || name.startsWith(`${PREFIX}assets-`)) &&
          name !== SHELL_CACHE &&
          name !== ASSET_CACHE,
      )
      .map((name) => caches.delete(name)),
  );
  // No navigation preload: the browser would send it for every navigation in scope, /api ones
  // included (the Google callback, an unsubscribe link), which this worker leaves to the network,
  // so each would reach the server twice and a one-time code be spent by the discarded copy.
  if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
  await self.clients.claim();
}

/** @param {FetchEvent} event */
async function page(event) {
  try {
    return await fetch(event.request);
  } catch {
    const shell = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    return shell ?? Response.error();
  }
}

/** @param {Request} request */
async function asset(request) {
  const kept =
    (await caches.match(request, { cacheName: SHELL_CACHE })) ??
    (await caches.match(request, { cacheName: ASSET_CACHE }));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const copy = response.clone();
    void caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** @param {FetchEvent} event */
function onFetch(event) {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
}

self.addEventListener('install', onInstall);
self.addEventListener('activate', (event) => event.waitUntil(activate()));
self.addEventListener('fetch', onFetch);
