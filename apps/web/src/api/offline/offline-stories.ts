/**
 * Stories kept offline (docs/decisions/035): a story's copy is the three answers the reader and
 * the story's contents need, stored in the account's own cache (lib/offline-copies.ts) with an
 * entry describing it. Written here, on the reader's request from the library, and refreshed
 * when the app is online; read back by `withOfflineCopy` when the network fails.
 */
import type { Chapter, ChapterSummary, Rating, StoryDetail } from '@storyloom/shared';
import { ApiError, apiUrl, get, type Query } from '../../lib/api';
import { offlineCacheName, offlineSupported } from '../../lib/offline-copies';
import { useAuthStore } from '../../stores/auth-store';
import { isNetworkFailure } from './with-offline-copy';

/** What the library shows of a story kept offline. */
export interface OfflineStory {
  id: string;
  title: string;
  author: string | null;
  genre: string;
  rating: Rating | undefined;
  /** Published chapters in the copy. */
  chapters: number;
  /** The copy's size: the bytes of the answers kept. */
  bytes: number;
  /** When the copy was last written (ISO 8601). */
  saved_at: string;
}

/** The entry describing a story's copy: a key in the cache, never a URL anything fetches. */
const entryKey = (storyId: string) => `/offline-stories/${encodeURIComponent(storyId)}`;
const ENTRY_PATH = /^\/offline-stories\/([^/]+)$/;

const published: Query = { published_only: true };

/** The API answers a story's copy holds, as `apiUrl` builds them (the keys it is read by). */
function copyUrls(storyId: string) {
  const id = encodeURIComponent(storyId);
  return {
    story: apiUrl(`/stories/${id}`),
    chapters: apiUrl(`/chapters/by-story/${id}`, published),
    contents: apiUrl(`/stories/${id}/chapters`, published),
  };
}

const jsonResponse = (body: string) =>
  new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The account signed in now, or null. */
const signedInId = () => {
  const { isAuthenticated, user } = useAuthStore.getState();
  return isAuthenticated && user ? user.id : null;
};

/** The account's stories kept offline, newest copy first. */
export async function listOfflineStories(userId: string): Promise<OfflineStory[]> {
  if (!offlineSupported() || !(await caches.has(offlineCacheName(userId)))) return [];
  const cache = await caches.open(offlineCacheName(userId));
  const stories: OfflineStory[] = [];
  for (const request of await cache.keys()) {
    if (!ENTRY_PATH.test(new URL(request.url).pathname)) continue;
    const response = await cache.match(request);
    if (response) stories.push((await response.json()) as OfflineStory);
  }
  return stories.sort((a, b) => b.saved_at.localeCompare(a.saved_at));
}

/** Removes a story's copy. */
export async function dropOfflineStory(userId: string, storyId: string): Promise<void> {
  if (!offlineSupported() || !(await caches.has(offlineCacheName(userId)))) return;
  const cache = await caches.open(offlineCacheName(userId));
  const urls = copyUrls(storyId);
  await Promise.all(
    [urls.story, urls.chapters, urls.contents, entryKey(storyId)].map((url) => cache.delete(url)),
  );
}

/**
 * Fetches the story, its published chapters and its contents as the reader may read them now,
 * and stores them as the story's copy (replacing an older one). Rejects with the API's error
 * when the story cannot be read (then nothing is stored). A copy finished after its account
 * signed out is deleted at once: it must not outlive the session.
 */
export async function keepOfflineStory(userId: string, storyId: string): Promise<OfflineStory> {
  const id = encodeURIComponent(storyId);
  const [story, chapters, contents] = await Promise.all([
    get<StoryDetail>(`/stories/${id}`),
    get<Chapter[]>(`/chapters/by-story/${id}`, { query: published }),
    get<ChapterSummary[]>(`/stories/${id}/chapters`, { query: published }),
  ]);
  const urls = copyUrls(storyId);
  const bodies: [string, string][] = [
    [urls.story, JSON.stringify(story)],
    [urls.chapters, JSON.stringify(chapters)],
    [urls.contents, JSON.stringify(contents)],
  ];
  const bytes = bodies.reduce((sum, [, body]) => sum + new Blob([body]).size, 0);
  const entry: OfflineStory = {
    id: story.id,
    title: story.title,
    author: story.author?.username ?? null,
    genre: story.genre,
    rating: story.rating,
    chapters: chapters.length,
    bytes,
    saved_at: new Date().toISOString(),
  };
  const cache = await caches.open(offlineCacheName(userId));
  await Promise.all(bodies.map(([url, body]) => cache.put(url, jsonResponse(body))));
  await cache.put(entryKey(storyId), jsonResponse(JSON.stringify(entry)));
  if (signedInId() !== userId) {
    await caches.delete(offlineCacheName(userId));
    throw new ApiError('Signed out');
  }
  return entry;
}

/** Copies younger than this are not refreshed again. */
const FRESH_MS = 5 * 60_000;

/**
 * Brings the account's copies up to date with the server: chapters published, edited or
 * unpublished since. A story the reader may no longer read (deleted, private, hidden) or has
 * taken out of the library loses its copy. Stops at the first network failure (offline again).
 */
export async function refreshOfflineStories(userId: string, now = Date.now()): Promise<void> {
  for (const story of await listOfflineStories(userId)) {
    if (now - Date.parse(story.saved_at) < FRESH_MS) continue;
    try {
      const fresh = await get<StoryDetail>(`/stories/${encodeURIComponent(story.id)}`);
      if (fresh.is_saved === false) await dropOfflineStory(userId, story.id);
      else await keepOfflineStory(userId, story.id);
    } catch (error) {
      if (isNetworkFailure(error)) return;
      if (error instanceof ApiError && error.status !== undefined && error.status < 500) {
        await dropOfflineStory(userId, story.id);
      }
    }
  }
}
