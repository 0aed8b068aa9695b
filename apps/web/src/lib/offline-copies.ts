/**
 * Where the stories a reader keeps offline are stored: one Cache Storage cache per account
 * (`storyloom-offline-<user id>`), holding the API's answers the reader needs, keyed by their
 * `/api` URLs, plus one entry per story describing the copy (docs/decisions/035). Only the app
 * reads and writes it, for the account signed in; the service worker never serves from it.
 */
const PREFIX = 'storyloom-offline-';

export const offlineCacheName = (userId: string) => `${PREFIX}${userId}`;

/** Cache Storage exists (a secure context: HTTPS or localhost). */
export const offlineSupported = () => typeof caches !== 'undefined';

/**
 * Deletes every account's offline copies but `keepUserId`'s (all of them when null): on sign-out,
 * and when another account signs in on this browser.
 */
export async function clearOfflineCopies(keepUserId: string | null): Promise<void> {
  if (!offlineSupported()) return;
  const keep = keepUserId ? offlineCacheName(keepUserId) : null;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(PREFIX) && name !== keep)
      .map((name) => caches.delete(name)),
  );
}

/** The account's offline copy of an API answer (`url` as `apiUrl` builds it), if kept. */
export async function readOfflineCopy<T>(userId: string, url: string): Promise<T | undefined> {
  if (!offlineSupported()) return undefined;
  const name = offlineCacheName(userId);
  if (!(await caches.has(name))) return undefined;
  const response = await (await caches.open(name)).match(url);
  return response ? ((await response.json()) as T) : undefined;
}
