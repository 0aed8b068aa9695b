import type { InjectOptions } from 'fastify';
import type { TestApp } from './app.js';

type Auth = { authorization: string } | undefined;

/** A minimal valid story body for POST /stories/json. */
export const storyBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'The Lantern Road',
  description: 'A walk that never ends.',
  genre: 'Fantasy',
  tags: ['quest', 'magic'],
  visibility: 'public',
  chapters: [{ title: 'Setting out', content: '<p>It began at dusk.</p>' }],
  ...overrides,
});

/** Calls the API as `auth` (undefined for a visitor) and returns status and parsed body. */
export async function call(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  auth?: Auth,
  payload?: InjectOptions['payload'],
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...auth, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Creates a story through the API and returns its payload. */
export async function createStory(t: TestApp, auth: Auth, overrides: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/stories/json', auth, storyBody(overrides));
  if (res.status !== 201) throw new Error(`story not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The story's chapters as its author sees them (drafts included). */
export async function chaptersOf(t: TestApp, storyId: string, auth: Auth) {
  const res = await call(t, 'GET', `/chapters/by-story/${storyId}?published_only=false`, auth);
  return res.body.data as { id: string; title: string; order: number; published: boolean }[];
}
