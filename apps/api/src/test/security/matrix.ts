import sharp from 'sharp';
import { newId } from '../../lib/ids.js';
import { issueEmailToken } from '../../modules/auth/email-tokens.js';
import { unsubscribeToken } from '../../modules/notifications/unsubscribe.js';
import { packContent } from '../../modules/revisions/repo.js';
import type { TestApp } from '../app.js';
import { createLoginCode, createRefreshToken, createUser, TEST_PASSWORD } from '../factories.js';
import { call, storyBody } from '../stories.js';
import { markerText, type Request, type World } from './world.js';

/**
 * Who calls: a visitor, a signed-in user ('other'), a moderator, an admin, and the author of
 * the world's things ('owner'), in this order, so that what the author's call changes (a
 * deletion) is done last.
 */
export const ROLES = ['visitor', 'other', 'moderator', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Expected status for the visitor, another signed-in user and the owner; staff routes add the
 * moderator's and the admin's. Left out, staff expect what another user gets: a role gives no
 * right to anyone's private stories, drafts or account.
 */
export type Expect =
  | readonly [visitor: number, other: number, owner: number]
  | readonly [visitor: number, other: number, owner: number, moderator: number, admin: number];

export function expectedFor(expect: Expect, role: Role): number {
  switch (role) {
    case 'visitor':
      return expect[0];
    case 'other':
      return expect[1];
    case 'owner':
      return expect[2];
    case 'moderator':
      return expect.length === 5 ? expect[3] : expect[1];
    case 'admin':
      return expect.length === 5 ? expect[4] : expect[1];
  }
}

/** What a case is about: the resource the brief names, or the account/area it touches. */
export type Resource =
  | 'public story'
  | 'private story'
  | 'draft chapter'
  | 'published chapter'
  | 'private story chapter'
  | 'comment on a published chapter'
  | 'comment on a draft chapter'
  | 'comment on a private story'
  | "owner's profile"
  | 'own account'
  | 'public area'
  | 'staff area'
  | 'public reading list'
  | 'private reading list';

export interface Case {
  on: Resource;
  /** The request; `role` is who sends it (the runner adds that role's token). */
  request: (w: World, role: Role, t: TestApp) => Request | Promise<Request>;
  expect: Expect;
}

export interface Entry {
  cases: Case[];
  /** Changes data: every case gets a fresh world (roles run visitor, other, owner). */
  mutates?: boolean;
  /** The success answer is not the envelope (a file, a redirect, the token grant). */
  raw?: boolean;
  /** A 404 says `not_found` whatever the resource (reports: nothing to report there). */
  plainNotFound?: boolean;
}

const OPEN: Expect = [200, 200, 200];
const SIGNED_IN: Expect = [401, 200, 200];
const CREATED_SIGNED_IN: Expect = [401, 201, 201];
/** Author-only change of something others can see: visitor 401, other 403. */
const AUTHOR_WRITES: Expect = [401, 403, 200];
/** Anything about a private story or a draft: it does not exist for anyone but the author. */
const AUTHOR_ONLY_WRITE: Expect = [401, 404, 200];
const AUTHOR_ONLY_READ: Expect = [404, 404, 200];
/** Moderators and admins: visitor 401, a user (the author too) 403. */
const STAFF: Expect = [401, 403, 403, 200, 200];
const ADMINS: Expect = [401, 403, 403, 403, 200];

let pngBytes: Promise<Buffer> | undefined;
const png = () =>
  (pngBytes ??= sharp({
    create: { width: 40, height: 60, channels: 3, background: '#7a5230' },
  })
    .png()
    .toBuffer());
const imageForm = async (field: string) => ({
  form: { [field]: { filename: 'picture.png', contentType: 'image/png', data: await png() } },
});

const none = (): Request => ({});
const one = (on: Resource, expect: Expect, request: Case['request'] = none): Case[] => [
  { on, request, expect },
];
const story = (w: World, on: Resource) =>
  on === 'private story' ? w.privateStory.id : w.publicStory.id;
const chapter = (w: World, on: Resource) =>
  on === 'draft chapter'
    ? w.draftChapter.id
    : on === 'private story chapter'
      ? w.privateChapter.id
      : w.publicChapter.id;

/** Cases for a story route: the public story and the private one. */
const onStories = (
  publicExpect: Expect,
  privateExpect: Expect,
  request: (w: World, storyId: string) => Request | Promise<Request> = (_w, id) => ({
    params: { id },
  }),
): Case[] =>
  (['public story', 'private story'] as const).map((on) => ({
    on,
    expect: on === 'public story' ? publicExpect : privateExpect,
    request: (w: World) => request(w, story(w, on)),
  }));

/** Cases for a chapter route: a published chapter, a draft, and a chapter of a private story. */
const onChapters = (
  published: Expect,
  hidden: Expect,
  request: (id: string) => Request = (id) => ({ params: { id } }),
): Case[] =>
  (['published chapter', 'draft chapter', 'private story chapter'] as const).map((on) => ({
    on,
    expect: on === 'published chapter' ? published : hidden,
    request: (w: World) => request(chapter(w, on)),
  }));

/**
 * The owner's series of `storyId` alone, made on first use: a world's roles share it (a story
 * is in one series at most).
 */
async function seriesOf(t: TestApp, w: World, storyId: string): Promise<string> {
  const mine = await call(t, 'GET', '/users/me/series', w.owner.auth);
  const found = (mine.body.data as { id: string; parts: { story: { id: string } }[] }[]).find((s) =>
    s.parts.some((p) => p.story.id === storyId),
  );
  if (found) return found.id;
  const made = await call(t, 'POST', '/series', w.owner.auth, {
    title: 'A series',
    story_ids: [storyId],
  });
  return made.body.data.id;
}

/**
 * Cases for a series route (decision 029): a series the owner makes of their public story, and
 * one of their private story alone, which no one else can see.
 */
const onSeries = (
  publicExpect: Expect,
  privateExpect: Expect,
  request: (seriesId: string, w: World, on: Resource) => Request = (id) => ({ params: { id } }),
): Case[] =>
  (['public story', 'private story'] as const).map((on) => ({
    on,
    expect: on === 'public story' ? publicExpect : privateExpect,
    request: async (w: World, _role: Role, t: TestApp) =>
      request(await seriesOf(t, w, story(w, on)), w, on),
  }));

/**
 * The owner's public or private reading list (decision 033) holding their public and private
 * stories, made on first use.
 */
async function listOf(t: TestApp, w: World, on: Resource): Promise<string> {
  const name = on === 'private reading list' ? 'A private list' : 'A public list';
  const mine = await call(t, 'GET', '/users/me/lists', w.owner.auth);
  const found = (mine.body.data as { id: string; name: string }[]).find((l) => l.name === name);
  if (found) return found.id;
  const made = await call(t, 'POST', '/lists', w.owner.auth, {
    name,
    visibility: on === 'private reading list' ? 'private' : 'public',
  });
  const id = made.body.data.id as string;
  for (const storyId of [w.publicStory.id, w.privateStory.id])
    await call(t, 'POST', `/lists/${id}/stories`, w.owner.auth, { story_id: storyId });
  return id;
}

/** Cases for a reading list route: the owner's public list and their private one. */
const onLists = (
  publicExpect: Expect,
  privateExpect: Expect,
  request: (listId: string, w: World) => Request = (id) => ({ params: { id } }),
): Case[] =>
  (['public reading list', 'private reading list'] as const).map((on) => ({
    on,
    expect: on === 'public reading list' ? publicExpect : privateExpect,
    request: async (w: World, _role: Role, t: TestApp) => request(await listOf(t, w, on), w),
  }));

/**
 * Cases for a chapter's revision route (decision 026): the newest revision of each of the
 * world's three chapters (one is recorded first if the world wrote the chapter directly).
 * Everyone but the author gets the 404 of a missing chapter, whatever the chapter.
 */
const onRevisions = (): Case[] =>
  (['published chapter', 'draft chapter', 'private story chapter'] as const).map((on) => ({
    on,
    expect: AUTHOR_ONLY_READ,
    request: async (w: World, _role: Role, t: TestApp) => {
      const id = chapter(w, on);
      const k = t.testDb.db.kysely;
      let revision = await k
        .selectFrom('chapter_revisions')
        .select('id')
        .where('chapter_id', '=', id)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!revision) {
        const row = await k
          .selectFrom('chapters')
          .select(['title', 'content', 'word_count', 'updated_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        revision = { id: newId() };
        await k
          .insertInto('chapter_revisions')
          .values({
            id: revision.id,
            chapter_id: id,
            saved_by: w.owner.id,
            title: row.title,
            content: packContent(row.content),
            word_count: row.word_count,
            created_at: row.updated_at,
          })
          .execute();
      }
      return { params: { id, revisionId: revision.id } };
    },
  }));

/** Cases for a comment route: the owner's comment on each of the world's three chapters. */
const onComments = (
  published: Expect,
  hidden: Expect,
  request: (id: string) => Request = (id) => ({ params: { id } }),
): Case[] =>
  (
    [
      ['comment on a published chapter', (w: World) => w.publicComment.id],
      ['comment on a draft chapter', (w: World) => w.draftComment.id],
      ['comment on a private story', (w: World) => w.privateComment.id],
    ] as const
  ).map(([on, id], i) => ({
    on,
    expect: i === 0 ? published : hidden,
    request: (w: World) => request(id(w)),
  }));

const ownerName = (w: World) => ({ params: { username: w.owner.username } });
const docs = (path?: string): Entry => ({
  raw: true,
  cases: one('public area', OPEN, () => (path ? { params: { '*': path } } : {})),
});

/**
 * Every route of the API with how to call it and who may. A route the server registers that is
 * missing here, or an entry for a route it no longer has, fails the matrix test.
 */
export const MATRIX: Record<string, Entry> = {
  'GET /api/docs': docs(),
  'GET /api/docs/': docs(),
  'GET /api/docs/json': docs(),
  'GET /api/docs/yaml': docs(),
  // Redirects to the docs page itself.
  'GET /api/docs/static/index.html': { raw: true, cases: one('public area', [302, 302, 302]) },
  'GET /api/docs/static/swagger-initializer.js': docs(),
  'GET /api/docs/static/*': docs('swagger-ui.css'),
  'GET /api/openapi.json': docs(),
  'GET /api/health': { cases: one('public area', OPEN) },

  'POST /api/auth/token': {
    raw: true,
    cases: [
      {
        on: "owner's profile",
        expect: OPEN,
        request: (w) => ({ form: { username: w.owner.email, password: TEST_PASSWORD } }),
      },
      {
        on: "owner's profile",
        expect: [401, 401, 401],
        request: (w) => ({ form: { username: w.owner.email, password: 'not-the-password' } }),
      },
    ],
  },
  'POST /api/auth/signup': {
    mutates: true,
    cases: one('public area', [201, 201, 201], () => {
      const username = markerText('new').slice(0, 20);
      return { body: { username, email: `${username}@example.com`, password: 'long-enough-1' } };
    }),
  },
  'POST /api/auth/refresh': {
    raw: true,
    cases: one("owner's profile", OPEN, async (w, _role, t) => ({
      body: { refresh_token: await createRefreshToken(t.testDb.db, w.owner.sessionId) },
    })),
  },
  'POST /api/auth/google/exchange': {
    raw: true,
    cases: [
      {
        on: "owner's profile",
        expect: OPEN,
        request: async (w, _role, t) => ({
          body: { code: await createLoginCode(t.testDb.db, w.owner.sessionId) },
        }),
      },
      { on: 'public area', expect: [401, 401, 401], request: () => ({ body: { code: 'nope' } }) },
    ],
  },
  'POST /api/auth/verify-email': {
    mutates: true,
    cases: one("owner's profile", OPEN, async (w, _role, t) => ({
      body: { token: await issueEmailToken(t.testDb.db.kysely, w.owner.id, 'verify_email') },
    })),
  },
  'POST /api/auth/resend-verification': { cases: one('own account', SIGNED_IN) },
  'POST /api/auth/forgot-password': {
    cases: one("owner's profile", OPEN, (w) => ({ body: { email: w.owner.email } })),
  },
  'POST /api/auth/reset-password': {
    mutates: true,
    cases: one("owner's profile", OPEN, async (w, _role, t) => ({
      body: {
        token: await issueEmailToken(t.testDb.db.kysely, w.owner.id, 'reset_password'),
        new_password: 'brand-new-secret-2',
      },
    })),
  },
  'POST /api/auth/logout': { mutates: true, cases: one('own account', SIGNED_IN) },
  'POST /api/auth/logout-all': { mutates: true, cases: one('own account', SIGNED_IN) },
  'GET /api/auth/providers': { cases: one('public area', OPEN) },
  // Google is not configured in tests: both send the browser back to the sign-in page.
  'GET /api/auth/google/login': { raw: true, cases: one('public area', [302, 302, 302]) },
  'GET /api/auth/google/callback': { raw: true, cases: one('public area', [302, 302, 302]) },

  'GET /api/users/me': { cases: one('own account', SIGNED_IN) },
  'PATCH /api/users/me': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({ body: { bio: 'Reads at night.' } })),
  },
  'DELETE /api/users/me': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({ body: { password: TEST_PASSWORD } })),
  },
  'GET /api/users/me/sessions': { cases: one('own account', SIGNED_IN) },
  'DELETE /api/users/me/sessions/:id': {
    mutates: true,
    cases: one('own account', [401, 404, 200], (w) => ({ params: { id: w.owner.sessionId } })),
  },
  'POST /api/users/me/password': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({
      body: { old_password: TEST_PASSWORD, new_password: 'another-secret-3' },
    })),
  },
  'POST /api/users/me/profile-pic': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => imageForm('file')),
  },
  'DELETE /api/users/me/profile-pic': { mutates: true, cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/settings': { cases: one('own account', SIGNED_IN) },
  'PUT /api/users/me/settings': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({ body: { theme: 'dark' } })),
  },
  'GET /api/users/me/export': { raw: true, cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/stories': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/likes': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/recently-deleted': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/progress': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/stats': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/suggested': { cases: one('public area', SIGNED_IN) },
  'GET /api/users/authors': {
    cases: one("owner's profile", OPEN, () => ({ query: { limit: '100' } })),
  },
  'GET /api/users/search': {
    cases: one("owner's profile", OPEN, (w) => ({ query: { q: w.owner.username } })),
  },
  'GET /api/users/:username': { cases: one("owner's profile", OPEN, ownerName) },
  'GET /api/users/:username/stories': { cases: one("owner's profile", OPEN, ownerName) },
  'GET /api/users/:username/followers': { cases: one("owner's profile", OPEN, ownerName) },
  'GET /api/users/:username/following': { cases: one("owner's profile", OPEN, ownerName) },
  // Following yourself is refused; unfollowing too, with the same message.
  'POST /api/users/:username/follow': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  'POST /api/users/:username/unfollow': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  // Blocks and mutes (issue 21): another user may block or mute the owner; the owner cannot
  // block or mute themself (400); the lists are the caller's own.
  'POST /api/users/:username/block': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  'DELETE /api/users/:username/block': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  'POST /api/users/:username/mute': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  'DELETE /api/users/:username/mute': {
    mutates: true,
    cases: one("owner's profile", [401, 200, 400], ownerName),
  },
  'GET /api/users/me/blocks': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/series': { cases: one('own account', SIGNED_IN) },
  // Series (decision 029): read as the lists read their parts; changed by their author only.
  'POST /api/series': {
    mutates: true,
    cases: one('own account', CREATED_SIGNED_IN, () => ({ body: { title: 'A new series' } })),
  },
  'GET /api/series/:id': {
    mutates: true,
    plainNotFound: true,
    cases: onSeries(OPEN, AUTHOR_ONLY_READ),
  },
  'PATCH /api/series/:id': {
    mutates: true,
    cases: onSeries(AUTHOR_WRITES, AUTHOR_WRITES, (id) => ({
      params: { id },
      body: { title: 'Renamed' },
    })),
  },
  'DELETE /api/series/:id': {
    mutates: true,
    cases: onSeries(AUTHOR_WRITES, AUTHOR_WRITES),
  },
  'PUT /api/series/:id/stories': {
    mutates: true,
    cases: onSeries(AUTHOR_WRITES, AUTHOR_WRITES, (id) => ({
      params: { id },
      body: { story_ids: [] },
    })),
  },
  'POST /api/series/:id/stories': {
    mutates: true,
    // Each series gets the owner's other story.
    cases: onSeries(AUTHOR_WRITES, AUTHOR_WRITES, (id, w, on) => ({
      params: { id },
      body: { story_id: story(w, on === 'public story' ? 'private story' : 'public story') },
    })),
  },
  'DELETE /api/series/:id/stories/:storyId': {
    mutates: true,
    cases: (['public story', 'private story'] as const).map((on) => ({
      on,
      expect: AUTHOR_WRITES,
      request: async (w: World, _role: Role, t: TestApp) => {
        const storyId = story(w, on);
        return { params: { id: await seriesOf(t, w, storyId), storyId } };
      },
    })),
  },

  // Reading lists (decision 033): a private list is its owner's alone (404 to anyone else).
  'GET /api/users/me/lists': { cases: one('own account', SIGNED_IN) },
  'GET /api/users/me/lists/following': { cases: one('own account', SIGNED_IN) },
  'PUT /api/users/me/lists/order': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({ body: { list_ids: [] } })),
  },
  'GET /api/users/:username/lists': { cases: one("owner's profile", OPEN, ownerName) },
  'POST /api/lists': {
    mutates: true,
    cases: one('own account', CREATED_SIGNED_IN, () => ({ body: { name: 'A new list' } })),
  },
  'GET /api/lists/:id': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(OPEN, AUTHOR_ONLY_READ),
  },
  'GET /api/lists/:id/stories': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(OPEN, AUTHOR_ONLY_READ),
  },
  'PATCH /api/lists/:id': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id) => ({
      params: { id },
      body: { name: 'Renamed' },
    })),
  },
  'DELETE /api/lists/:id': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(AUTHOR_WRITES, AUTHOR_ONLY_WRITE),
  },
  'POST /api/lists/:id/stories': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id, w) => ({
      params: { id },
      body: { story_id: w.publicStory.id },
    })),
  },
  'DELETE /api/lists/:id/stories/:storyId': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id, w) => ({
      params: { id, storyId: w.publicStory.id },
    })),
  },
  'PATCH /api/lists/:id/stories/:storyId': {
    mutates: true,
    plainNotFound: true,
    cases: onLists(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id, w) => ({
      params: { id, storyId: w.publicStory.id },
      body: { after: w.privateStory.id },
    })),
  },
  'POST /api/lists/:id/follow': {
    mutates: true,
    plainNotFound: true,
    cases: onLists([401, 200, 400], [401, 404, 400]),
  },
  'DELETE /api/lists/:id/follow': {
    mutates: true,
    plainNotFound: true,
    cases: onLists([401, 200, 200], [401, 404, 200]),
  },

  'GET /api/users/me/mutes': { cases: one('own account', SIGNED_IN) },

  // Take along (decision 034): files and feeds, not the envelope. Downloads as HTML, so the
  // leak sweep reads them; feeds answer what a visitor may read, whoever asks.
  'GET /api/stories/:id/download': {
    raw: true,
    cases: onStories(OPEN, AUTHOR_ONLY_READ, (_w, id) => ({
      params: { id },
      query: { format: 'html' },
    })),
  },
  'GET /api/stories/:id/feed.atom': { raw: true, cases: onStories(OPEN, [404, 404, 404]) },
  'GET /api/users/:username/feed.atom': {
    raw: true,
    cases: one("owner's profile", OPEN, ownerName),
  },
  'GET /api/feed.atom': { raw: true, cases: one('public area', OPEN) },

  'GET /api/stories': { cases: one('public area', OPEN, () => ({ query: { limit: '100' } })) },
  'GET /api/home': { cases: one('public area', OPEN) },
  'GET /api/stories/search': {
    cases: one('public area', OPEN, () => ({ query: { q: 'open road' } })),
  },
  'GET /api/search/chapters': {
    cases: one('public area', OPEN, () => ({ query: { q: '"open road"' } })),
  },
  'POST /api/stories': {
    mutates: true,
    cases: one('own account', CREATED_SIGNED_IN, async () => ({
      form: {
        title: 'Made by form',
        genre: 'Drama',
        tags: 'one,two',
        ...(await imageForm('cover')).form,
      },
    })),
  },
  'POST /api/stories/json': {
    mutates: true,
    cases: one('own account', CREATED_SIGNED_IN, () => ({ body: storyBody() })),
  },
  'GET /api/stories/:id': { cases: onStories(OPEN, AUTHOR_ONLY_READ) },
  'GET /api/stories/:id/similar': { cases: onStories(OPEN, AUTHOR_ONLY_READ) },
  'PATCH /api/stories/:id': {
    mutates: true,
    cases: onStories(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (_w, id) => ({
      params: { id },
      body: { description: 'Edited.' },
    })),
  },
  'DELETE /api/stories/:id': {
    mutates: true,
    cases: onStories(AUTHOR_WRITES, AUTHOR_ONLY_WRITE),
  },
  'POST /api/stories/:id/restore': {
    mutates: true,
    // What is in the trash is missing for everyone but its author, private or not.
    plainNotFound: true,
    cases: (['public story', 'private story'] as const).map((on) => ({
      on,
      expect: AUTHOR_ONLY_WRITE,
      request: async (w: World, _role: Role, t: TestApp) => {
        const id = story(w, on);
        await call(t, 'DELETE', `/stories/${id}`, w.owner.auth);
        return { params: { id } };
      },
    })),
  },
  // Stats (decision 030): the author's alone; anyone else gets the 404 of a missing story.
  'GET /api/stories/:id/stats': {
    plainNotFound: true,
    cases: onStories(AUTHOR_ONLY_WRITE, AUTHOR_ONLY_WRITE),
  },
  'PATCH /api/stories/:id/cover': {
    mutates: true,
    cases: onStories(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, async (_w, id) => ({
      params: { id },
      ...(await imageForm('cover')),
    })),
  },
  'DELETE /api/stories/:id/cover': {
    mutates: true,
    cases: onStories(AUTHOR_WRITES, AUTHOR_ONLY_WRITE),
  },
  'POST /api/stories/:id/like': { mutates: true, cases: onStories(SIGNED_IN, AUTHOR_ONLY_WRITE) },
  'DELETE /api/stories/:id/like': {
    mutates: true,
    cases: onStories(SIGNED_IN, AUTHOR_ONLY_WRITE),
  },

  'GET /api/library': { cases: one('own account', SIGNED_IN) },
  'POST /api/library/:storyId': {
    mutates: true,
    cases: onStories(SIGNED_IN, AUTHOR_ONLY_WRITE, (_w, storyId) => ({ params: { storyId } })),
  },
  'DELETE /api/library/:storyId': {
    mutates: true,
    cases: onStories(SIGNED_IN, AUTHOR_ONLY_WRITE, (_w, storyId) => ({ params: { storyId } })),
  },
  'GET /api/feed/following': { cases: one('own account', SIGNED_IN) },

  'POST /api/contact': {
    mutates: true,
    cases: one('public area', [201, 201, 201], () => ({
      body: { email: 'reader@example.com', topic: 'question', message: 'Is there an app yet?' },
    })),
  },

  'GET /api/chapters/by-story/:id': {
    cases: [
      ...onStories(OPEN, AUTHOR_ONLY_READ),
      // Drafts asked for: others silently get the published chapters only.
      ...onStories(OPEN, AUTHOR_ONLY_READ, (_w, id) => ({
        params: { id },
        query: { published_only: 'false' },
      })),
    ],
  },
  'GET /api/stories/:id/chapters': {
    cases: [
      ...onStories(OPEN, AUTHOR_ONLY_READ),
      // Drafts asked for: others silently get the published chapters only.
      ...onStories(OPEN, AUTHOR_ONLY_READ, (_w, id) => ({
        params: { id },
        query: { published_only: 'false' },
      })),
    ],
  },
  'GET /api/chapters/:id': { cases: onChapters(OPEN, AUTHOR_ONLY_READ) },
  'POST /api/chapters': {
    mutates: true,
    cases: onStories([401, 403, 201], [401, 404, 201], (_w, id) => ({
      body: { story_id: id, title: 'Another', content: '<p>More.</p>', published: true },
    })),
  },
  'PATCH /api/chapters/:id': {
    mutates: true,
    cases: onChapters(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id) => ({
      params: { id },
      body: { title: 'Renamed' },
    })),
  },
  'DELETE /api/chapters/:id': {
    mutates: true,
    cases: onChapters(AUTHOR_WRITES, AUTHOR_ONLY_WRITE),
  },
  // Recently deleted (docs/decisions/027-recently-deleted.md): the owner deletes it first.
  'POST /api/chapters/:id/restore': {
    mutates: true,
    // What is in the trash is missing for everyone but its author, private or not.
    plainNotFound: true,
    cases: (['published chapter', 'draft chapter', 'private story chapter'] as const).map((on) => ({
      on,
      expect: AUTHOR_ONLY_WRITE,
      request: async (w: World, _role: Role, t: TestApp) => {
        const id = chapter(w, on);
        await call(t, 'DELETE', `/chapters/${id}`, w.owner.auth);
        return { params: { id } };
      },
    })),
  },
  'POST /api/chapters/:id/progress': {
    mutates: true,
    cases: onChapters(OPEN, AUTHOR_ONLY_READ),
  },

  // The history answers everyone but the author like a missing chapter (plain not_found).
  'GET /api/chapters/:id/revisions': {
    plainNotFound: true,
    cases: onChapters(AUTHOR_ONLY_READ, AUTHOR_ONLY_READ),
  },
  'GET /api/chapters/:id/revisions/:revisionId': { plainNotFound: true, cases: onRevisions() },
  'POST /api/chapters/:id/revisions/:revisionId/restore': {
    mutates: true,
    plainNotFound: true,
    cases: onRevisions(),
  },

  'GET /api/chapters/:id/comments': { cases: onChapters(OPEN, AUTHOR_ONLY_READ) },
  'GET /api/chapters/:id/comment-counts': { cases: onChapters(OPEN, AUTHOR_ONLY_READ) },
  'POST /api/chapters/:id/comments': {
    mutates: true,
    cases: onChapters(CREATED_SIGNED_IN, [401, 404, 201], (id) => ({
      params: { id },
      body: { body: 'A word on this chapter.', paragraph: 0 },
    })),
  },
  'GET /api/comments/:id/replies': { cases: onComments(OPEN, AUTHOR_ONLY_READ) },
  // The story's author wrote these comments: another reader may neither edit nor delete them.
  'PATCH /api/comments/:id': {
    mutates: true,
    cases: onComments(AUTHOR_WRITES, AUTHOR_ONLY_WRITE, (id) => ({
      params: { id },
      body: { body: 'Said better.' },
    })),
  },
  'DELETE /api/comments/:id': {
    mutates: true,
    cases: onComments(AUTHOR_WRITES, AUTHOR_ONLY_WRITE),
  },
  'POST /api/comments/:id/like': {
    mutates: true,
    cases: onComments(SIGNED_IN, AUTHOR_ONLY_WRITE),
  },
  'DELETE /api/comments/:id/like': {
    mutates: true,
    cases: onComments(SIGNED_IN, AUTHOR_ONLY_WRITE),
  },

  // Everyone's own notifications; nobody reads another's.
  'GET /api/notifications': { cases: one('own account', SIGNED_IN) },
  'GET /api/notifications/unread-count': { cases: one('own account', SIGNED_IN) },
  'POST /api/notifications/read': {
    mutates: true,
    cases: one('own account', SIGNED_IN, () => ({ body: {} })),
  },
  // The live stream (an endless text/event-stream: the runner takes its first event).
  'GET /api/notifications/stream': { raw: true, cases: one('own account', SIGNED_IN) },
  // The link in an email, signed for its recipient: whoever holds it may turn that switch off.
  'GET /api/notifications/unsubscribe': {
    cases: one('own account', OPEN, (w, _role, t) => ({
      query: { token: unsubscribeToken(t.config.jwtSecret, w.owner.id, 'emailNotifications') },
    })),
  },
  'POST /api/notifications/unsubscribe': {
    mutates: true,
    cases: one('own account', OPEN, (w, _role, t) => ({
      query: { token: unsubscribeToken(t.config.jwtSecret, w.owner.id, 'notifyWeeklyDigest') },
    })),
  },

  // Reports (issue 21): anyone signed in may report what they can see, never their own; what
  // they cannot see is not there to report (404 not_found, private or not).
  'POST /api/reports': {
    mutates: true,
    plainNotFound: true,
    cases: [
      ...onStories([401, 201, 400], [401, 404, 400], (_w, id) => ({
        body: { target_type: 'story', target_id: id, reason: 'spam' },
      })),
      ...onChapters([401, 201, 400], [401, 404, 400], (id) => ({
        body: { target_type: 'chapter', target_id: id, reason: 'other', note: 'Copied' },
      })),
      ...onComments([401, 201, 400], [401, 404, 400], (id) => ({
        body: { target_type: 'comment', target_id: id, reason: 'harassment' },
      })),
      ...one("owner's profile", [401, 201, 400], (w) => ({
        body: { target_type: 'user', target_id: w.owner.username, reason: 'hate' },
      })),
    ],
  },
  // The staff's routes: 403 for everyone but staff, the audit log and roles for admins only.
  'GET /api/admin/reports': { cases: one('staff area', STAFF) },
  'GET /api/admin/contact': { cases: one('staff area', STAFF) },
  'GET /api/admin/audit': { cases: one('staff area', ADMINS) },
  'GET /api/admin/staff': { cases: one('staff area', ADMINS) },
  'POST /api/admin/reports/:id/resolve': {
    mutates: true,
    // A fresh report for each call, by a new reader: the previous call closed the last one.
    cases: one('staff area', STAFF, async (w, _role, t) => {
      const reader = await createUser(t.testDb.db, t.config);
      const res = await call(t, 'POST', '/reports', reader.auth, {
        target_type: 'story',
        target_id: w.publicStory.id,
        reason: 'spam',
      });
      return {
        params: { id: res.body.data.id },
        body: { action: 'dismiss', reason: 'Not spam' },
      };
    }),
  },
  'PUT /api/admin/users/:username/role': {
    mutates: true,
    cases: one('staff area', ADMINS, (w) => ({
      params: { username: w.other.username },
      body: { role: 'user' },
    })),
  },
};
