import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { clearOfflineCopies, offlineCacheName } from '../../lib/offline-copies';
import { type User, useAuthStore } from '../../stores/auth-store';
import { getStoryChapters } from '../chapters/get-story-chapters';
import { getStory } from '../stories/get-story';
import { keepOfflineStory, listOfflineStories, refreshOfflineStories } from './offline-stories';

/** Cache Storage as far as the app uses it, in memory (Node has none). */
function fakeCaches() {
  const stores = new Map<string, Map<string, string>>();
  const key = (request: RequestInfo | URL) => {
    const url = new URL(
      typeof request === 'string' ? request : String((request as Request).url ?? request),
      'http://localhost',
    );
    return `${url.pathname}${url.search}`;
  };
  const cache = (entries: Map<string, string>) => ({
    put: async (request: RequestInfo, response: Response) => {
      entries.set(key(request), await response.text());
    },
    match: async (request: RequestInfo) => {
      const body = entries.get(key(request));
      return body === undefined ? undefined : new Response(body);
    },
    keys: async () => [...entries.keys()].map((path) => ({ url: `http://localhost${path}` })),
    delete: async (request: RequestInfo) => entries.delete(key(request)),
  });
  return {
    stores,
    has: async (name: string) => stores.has(name),
    open: async (name: string) => {
      const entries = stores.get(name) ?? new Map<string, string>();
      stores.set(name, entries);
      return cache(entries);
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
}

const account = (id: string): User =>
  ({ id, username: `u${id}`, email: `${id}@example.com` }) as unknown as User;
const ann = account('ann');
const bob = account('bob');

const story = (id: string, saved = true) => ({
  id,
  title: `Story ${id}`,
  genre: 'Fantasy',
  rating: 'General',
  author: { username: 'writer' },
  is_saved: saved,
});
const chapters = [{ id: 'c1', title: 'One', content: '<p>Text.</p>', order: 1 }];
const contents = [{ id: 'c1', title: 'One', order: 1 }];

/** The server: each path's answer, or a status. */
let answers: Record<string, unknown | number> = {};
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  const answer = answers[`${url.pathname}${url.search}`];
  if (answer === undefined) throw new TypeError('Failed to fetch');
  if (typeof answer === 'number') {
    return new Response(JSON.stringify({ success: false, message: 'No', error: { code: 'x' } }), {
      status: answer,
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response(JSON.stringify({ success: true, data: answer }), {
    headers: { 'content-type': 'application/json' },
  });
});

const serve = (id: string, detail: unknown = story(id)) => {
  answers[`/api/stories/${id}`] = detail;
  answers[`/api/chapters/by-story/${id}?published_only=true`] = chapters;
  answers[`/api/stories/${id}/chapters?published_only=true`] = contents;
};

let storage: ReturnType<typeof fakeCaches>;
beforeEach(() => {
  storage = fakeCaches();
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', fetchMock);
  answers = {};
  useAuthStore.setState({ isAuthenticated: true, user: ann, accessToken: 'token-ann' });
});
afterEach(() => {
  useAuthStore.getState().logout();
  vi.unstubAllGlobals();
});

describe('stories kept offline', () => {
  it("keeps a story's answers in the account's own cache, with its size", async () => {
    serve('s1');
    const kept = await keepOfflineStory(ann.id, 's1');
    const bytes = [story('s1'), chapters, contents].reduce(
      (sum, body) => sum + new TextEncoder().encode(JSON.stringify(body)).length,
      0,
    );
    expect(kept).toMatchObject({ id: 's1', title: 'Story s1', chapters: 1, bytes });
    expect([...storage.stores.keys()]).toEqual([offlineCacheName(ann.id)]);
    expect(await listOfflineStories(ann.id)).toEqual([kept]);
    expect(await listOfflineStories(bob.id)).toEqual([]);
  });

  it('answers from the copy only when the network fails, and only for its account', async () => {
    serve('s1');
    await keepOfflineStory(ann.id, 's1');

    answers = {};
    expect(await getStory('s1')).toMatchObject({ title: 'Story s1' });
    expect(await getStoryChapters('s1', { publishedOnly: true })).toEqual(chapters);
    // The author's view (drafts too) is never served from a copy.
    await expect(getStoryChapters('s1', { publishedOnly: false })).rejects.toMatchObject({
      code: 'network_error',
    });

    // The server's own answer wins: a story gone private is not read from the copy.
    answers['/api/stories/s1'] = 403;
    await expect(getStory('s1')).rejects.toMatchObject({ status: 403 });

    // Another account signed in here reads nothing of it.
    answers = {};
    useAuthStore.setState({ user: bob, accessToken: 'token-bob' });
    await expect(getStory('s1')).rejects.toBeInstanceOf(ApiError);
  });

  it('refreshes copies, dropping stories gone or taken out of the library', async () => {
    for (const id of ['s1', 's2', 's3']) {
      serve(id);
      await keepOfflineStory(ann.id, id);
    }
    serve('s1', { ...story('s1'), title: 'Renamed' });
    answers['/api/stories/s2'] = 404;
    serve('s3', story('s3', false));
    await refreshOfflineStories(ann.id, Date.now() + 10 * 60_000);
    const left = await listOfflineStories(ann.id);
    expect(left.map((copy) => copy.title)).toEqual(['Renamed']);
  });

  it('stops at the first network failure, keeping every copy', async () => {
    serve('s1');
    await keepOfflineStory(ann.id, 's1');
    answers = {};
    await refreshOfflineStories(ann.id, Date.now() + 10 * 60_000);
    expect(await listOfflineStories(ann.id)).toHaveLength(1);
  });

  it('deletes a copy that finished after its account signed out, and clears on sign-out', async () => {
    serve('s1');
    const keeping = keepOfflineStory(ann.id, 's1');
    useAuthStore.setState({ isAuthenticated: false, user: null, accessToken: null });
    await expect(keeping).rejects.toBeInstanceOf(ApiError);
    expect(await storage.has(offlineCacheName(ann.id))).toBe(false);

    useAuthStore.setState({ isAuthenticated: true, user: ann, accessToken: 'token-ann' });
    await keepOfflineStory(ann.id, 's1');
    await clearOfflineCopies(null);
    expect(await storage.keys()).toEqual([]);
  });
});
