import type { Page } from 'playwright-core';
// The API's image library (a workspace dependency): the tests make real images with it.
import sharp from 'sharp';
import { expect, inject } from 'vitest';

type Json = Record<string, unknown>;

export interface StoryPayload {
  id: string;
  title: string;
  description: string;
  genre: string;
  tags: string[];
  visibility: 'public' | 'private';
  cover_image: string | null;
  chapters_count: number;
  settings: {
    allow_comments: boolean;
    mature_content: boolean;
    completion_status: string;
    language: string;
    copyright: string;
  };
}

export interface ChapterPayload {
  id: string;
  title: string;
  content: string;
  order: number;
  published: boolean;
}

/** Calls the API as `token` (or anonymously) and returns the status and the envelope's data. */
export async function apiAs<T = Json>(
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; data: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${inject('baseURL')}/api${path}`, { ...init, headers });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

/** A story with chapters through `POST /stories/json` (every chapter published). */
export async function createStoryViaApi(
  token: string,
  input: {
    title: string;
    genre?: string;
    visibility?: 'public' | 'private';
    tags?: string[];
    chapters?: { title: string; content: string }[];
  },
): Promise<StoryPayload> {
  const { status, data } = await apiAs<StoryPayload>(token, '/stories/json', {
    method: 'POST',
    body: JSON.stringify({ genre: 'Fantasy', ...input }),
  });
  if (status !== 201) throw new Error(`creating a story answered ${status}`);
  return data;
}

export const storyViaApi = (token: string | null, id: string) =>
  apiAs<StoryPayload>(token, `/stories/${id}`);

/** Every chapter, drafts included (the author's view). */
export async function chaptersViaApi(token: string, storyId: string) {
  const { data } = await apiAs<ChapterPayload[]>(
    token,
    `/chapters/by-story/${storyId}?published_only=false`,
  );
  return data;
}

/** A real PNG of the given size, as a cover upload. */
export function pngImage(width = 120, height = 180): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 60 } },
  })
    .png()
    .toBuffer();
}

/** Waits for a toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title }).last();
  await toast.waitFor();
  if (description !== undefined) expect(await toast.textContent()).toContain(description);
}
