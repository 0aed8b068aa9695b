import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../app.js';
import { createUser } from '../factories.js';
import { type FilePart, multipart } from '../multipart.js';
import { call, createStory } from '../stories.js';

export type Auth = { authorization: string };

/** A signed-in user of a world. */
export interface Actor {
  id: string;
  username: string;
  email: string;
  tokenVersion: number;
  /** The session its token belongs to. */
  sessionId: string;
  auth: Auth;
}

/** A text only its owner may ever see, and whose it is. */
export interface Marker {
  text: string;
  ownerId: string;
  what: string;
}

/** An answer the API gave to a caller (null: a visitor), kept for the leak sweep. */
export interface Answer {
  what: string;
  callerId: string | null;
  status: number;
  text: string;
}

/**
 * One author with a public and a private story, drafts in both, and another signed-in user.
 * Everything private carries a unique marker, so a leak shows up as a marker in a response.
 */
export interface World {
  /** The author of everything below (the matrix's "author"). */
  owner: Actor;
  /** Another signed-in user (the matrix's "user"). */
  other: Actor;
  /** Staff (docs/decisions/025-moderation.md): no more right to anyone's private things. */
  moderator: Actor;
  admin: Actor;
  publicStory: { id: string };
  /** Published chapter of the public story. */
  publicChapter: { id: string };
  /** Unpublished chapter of the public story. */
  draftChapter: { id: string };
  privateStory: { id: string };
  /** Published chapter of the private story. */
  privateChapter: { id: string };
  /** The owner's comments: on the public chapter, on the draft, on the private story. */
  publicComment: { id: string };
  draftComment: { id: string };
  privateComment: { id: string };
  markers: Marker[];
}

/** A word search can find and nothing else contains: letters and digits only. */
export const markerText = (label: string) =>
  `zq${label}${randomBytes(6).toString('hex')}`.toLowerCase();

export async function newActor(
  t: TestApp,
  role: 'moderator' | 'admin' | null = null,
): Promise<Actor> {
  const { user, auth, sessionId } = await createUser(t.testDb.db, t.config, { role });
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    tokenVersion: user.token_version,
    sessionId,
    auth,
  };
}

/** POST /chapters as `auth`; throws unless it is created. */
export async function addChapter(
  t: TestApp,
  auth: Auth,
  storyId: string,
  body: { title: string; content: string; published: boolean },
): Promise<{ id: string }> {
  const res = await call(t, 'POST', '/chapters', auth, { story_id: storyId, ...body });
  if (res.status !== 201) throw new Error(`chapter not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createWorld(t: TestApp): Promise<World> {
  const owner = await newActor(t);
  const other = await newActor(t);
  const moderator = await newActor(t, 'moderator');
  const admin = await newActor(t, 'admin');
  const m = {
    title: markerText('title'),
    description: markerText('desc'),
    tag: markerText('tag'),
    chapterTitle: markerText('chtitle'),
    content: markerText('content'),
    draftTitle: markerText('drafttitle'),
    draftContent: markerText('draftcontent'),
    privateDraft: markerText('privdraft'),
    draftComment: markerText('draftcomment'),
    privateComment: markerText('privcomment'),
  };
  const publicStory = await createStory(t, owner.auth, {
    title: 'The Open Road',
    chapters: [{ title: 'Out in the open', content: '<p>Everyone may read this.</p>' }],
  });
  const [publicChapter] = (await call(t, 'GET', `/chapters/by-story/${publicStory.id}`, owner.auth))
    .body.data;
  const draftChapter = await addChapter(t, owner.auth, publicStory.id, {
    title: `Draft ${m.draftTitle}`,
    content: `<p>Unfinished ${m.draftContent}</p>`,
    published: false,
  });
  const privateStory = await createStory(t, owner.auth, {
    title: `Secret ${m.title}`,
    description: `Hidden ${m.description}`,
    tags: ['quest', m.tag],
    visibility: 'private',
    chapters: [{ title: `Hidden ${m.chapterTitle}`, content: `<p>Only me ${m.content}</p>` }],
  });
  const [privateChapter] = (
    await call(t, 'GET', `/chapters/by-story/${privateStory.id}`, owner.auth)
  ).body.data;
  const privateDraft = await addChapter(t, owner.auth, privateStory.id, {
    title: 'Later',
    content: `<p>${m.privateDraft}</p>`,
    published: false,
  });
  const comment = async (chapterId: string, body: string): Promise<{ id: string }> => {
    const res = await call(t, 'POST', `/chapters/${chapterId}/comments`, owner.auth, { body });
    if (res.status !== 201) throw new Error(`comment not created: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const publicComment = await comment(publicChapter.id, 'Thanks for reading, everyone.');
  const draftComment = await comment(draftChapter.id, `Note ${m.draftComment}`);
  const privateComment = await comment(privateChapter.id, `Note ${m.privateComment}`);
  const mark = (what: string, text: string): Marker => ({ text, ownerId: owner.id, what });
  return {
    owner,
    other,
    moderator,
    admin,
    publicStory,
    publicChapter,
    draftChapter,
    privateStory,
    privateChapter,
    publicComment,
    draftComment,
    privateComment,
    markers: [
      ...Object.entries(m).map(([what, text]) => mark(what, text)),
      mark('private story id', privateStory.id),
      mark('draft chapter id', draftChapter.id),
      mark('private draft id', privateDraft.id),
      mark('draft comment id', draftComment.id),
      mark('private comment id', privateComment.id),
      mark('owner email', owner.email),
    ],
  };
}

/** What the client sends: path params, query, and a JSON, multipart or raw body. */
export interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: Record<string, string | FilePart>;
  headers?: Record<string, string>;
}

/** `/api/stories/:id` with `{id: 'x'}` -> `/api/stories/x`; every param must be given. */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  const used = new Set<string>();
  const path = pattern.replace(/:(\w+)|\*$/g, (_whole, name: string | undefined) => {
    const key = name ?? '*';
    const value = params[key];
    if (value === undefined) throw new Error(`${pattern}: no value for param ${key}`);
    used.add(key);
    return key === '*' ? value : encodeURIComponent(value);
  });
  const unused = Object.keys(params).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`${pattern}: no param named ${unused.join(', ')}`);
  return path;
}

export function injectOptions(
  method: string,
  pattern: string,
  request: Request,
  auth: Auth | undefined,
): InjectOptions {
  const url = fillPath(pattern, request.params);
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const form = request.form ? multipart(request.form) : undefined;
  return {
    method: method as InjectOptions['method'],
    url: `${url}${query}`,
    headers: { ...auth, ...form?.headers, ...request.headers },
    ...(form
      ? { payload: form.payload }
      : request.body === undefined
        ? {}
        : { payload: request.body as InjectOptions['payload'] }),
  };
}

/** `marker` texts found in `text` that `callerId` (null: a visitor) must not see. */
export function leakedMarkers(text: string, callerId: string | null, markers: Marker[]): Marker[] {
  const lower = text.toLowerCase();
  return markers.filter((m) => m.ownerId !== callerId && lower.includes(m.text.toLowerCase()));
}
