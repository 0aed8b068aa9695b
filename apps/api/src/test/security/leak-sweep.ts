import type { TestApp } from '../app.js';
import { call, createStory } from '../stories.js';
import {
  type Actor,
  type Answer,
  addChapter,
  createWorld,
  leakedMarkers,
  type Marker,
  markerText,
  type World,
} from './world.js';

/**
 * A lived-in world: the other user follows the owner, liked, saved and read a story and a
 * chapter that the owner later made private or turned back into a draft. Then every list,
 * search, profile, feed, count, library and export is read as a visitor and as the other user,
 * and none may show a marker of the owner's private things or count them.
 */
export async function sweepForLeaks(t: TestApp) {
  const w = await createWorld(t);
  const { owner, other, moderator } = w;
  const extra = {
    formerTitle: markerText('formertitle'),
    formerDescription: markerText('formerdesc'),
    formerTag: markerText('formertag'),
    formerChapter: markerText('formerchapter'),
    formerContent: markerText('formercontent'),
    turnedTitle: markerText('turnedtitle'),
    turnedContent: markerText('turnedcontent'),
    hiddenTitle: markerText('hiddentitle'),
    hiddenContent: markerText('hiddencontent'),
    hiddenComment: markerText('hiddencomment'),
    trashedTitle: markerText('trashedtitle'),
    trashedContent: markerText('trashedcontent'),
    trashedChapter: markerText('trashedchapter'),
  };
  const markers: Marker[] = [
    ...w.markers,
    ...Object.entries(extra).map(([what, text]) => ({ what, text, ownerId: owner.id })),
  ];
  const as = (
    actor: Actor,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: Record<string, unknown>,
  ) => call(t, method, url, actor.auth, body);
  const must = async (res: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await res;
    if (status >= 300) throw new Error(`sweep setup failed: ${status} ${JSON.stringify(body)}`);
  };

  // The history: public things the other user touched, later hidden by the owner.
  const former = await createStory(t, owner.auth, {
    title: `Former ${extra.formerTitle}`,
    description: `Once open ${extra.formerDescription}`,
    tags: [extra.formerTag],
    chapters: [
      { title: `Was open ${extra.formerChapter}`, content: `<p>${extra.formerContent}</p>` },
    ],
  });
  const formerChapter = (await as(owner, 'GET', `/chapters/by-story/${former.id}`)).body.data[0];
  const turned = await addChapter(t, owner.auth, w.publicStory.id, {
    title: `Soon hidden ${extra.turnedTitle}`,
    content: `<p>${extra.turnedContent}</p>`,
    published: true,
  });
  await must(as(other, 'POST', `/users/${owner.username}/follow`));
  for (const id of [w.publicStory.id, former.id]) {
    await must(as(other, 'POST', `/stories/${id}/like`));
    await must(as(other, 'POST', `/library/${id}`));
  }
  await must(as(other, 'POST', `/chapters/${formerChapter.id}/progress`));
  await must(as(other, 'POST', `/chapters/${w.publicChapter.id}/progress`));
  await must(as(other, 'POST', `/chapters/${turned.id}/progress`));
  await must(as(owner, 'PATCH', `/chapters/${turned.id}`, { published: false }));
  await must(as(owner, 'PATCH', `/stories/${former.id}`, { visibility: 'private' }));
  // A public story and a comment the moderators hid (decision 025): gone for everyone else.
  const moderated = await createStory(t, owner.auth, {
    title: `Moderated ${extra.hiddenTitle}`,
    chapters: [{ title: 'Reported', content: `<p>${extra.hiddenContent}</p>` }],
  });
  await must(as(other, 'POST', `/stories/${moderated.id}/like`));
  const hiddenComment = (
    await as(owner, 'POST', `/chapters/${w.publicChapter.id}/comments`, {
      body: `Reported ${extra.hiddenComment}`,
    })
  ).body as { data: { id: string } };
  for (const [target_type, target_id] of [
    ['story', moderated.id],
    ['comment', hiddenComment.data.id],
  ] as const) {
    const filed = (await as(other, 'POST', '/reports', { target_type, target_id, reason: 'spam' }))
      .body as { data: { id: string } };
    await must(
      as(moderator, 'POST', `/admin/reports/${filed.data.id}/resolve`, {
        action: 'hide',
        reason: 'Swept',
      }),
    );
  }
  // A public story and a published chapter in the owner's Recently deleted (decision 027),
  // read, liked, saved and commented on by the other user first: gone for everyone else.
  const trashed = await createStory(t, owner.auth, {
    title: `Trashed ${extra.trashedTitle}`,
    chapters: [{ title: 'Binned', content: `<p>${extra.trashedContent}</p>` }],
  });
  const trashedFirst = (await as(owner, 'GET', `/chapters/by-story/${trashed.id}`)).body.data[0];
  await must(as(other, 'POST', `/stories/${trashed.id}/like`));
  await must(as(other, 'POST', `/library/${trashed.id}`));
  await must(as(other, 'POST', `/chapters/${trashedFirst.id}/progress`));
  // (Their own words stay theirs, in their export: not a marker.)
  await must(as(other, 'POST', `/chapters/${trashedFirst.id}/comments`, { body: 'Binned?' }));
  const trashedChapter = await addChapter(t, owner.auth, w.publicStory.id, {
    title: `Binned ${extra.trashedChapter}`,
    content: '<p>Soon in the trash.</p>',
    published: true,
  });
  await must(as(other, 'POST', `/chapters/${trashedChapter.id}/progress`));
  await must(call(t, 'DELETE', `/stories/${trashed.id}`, owner.auth));
  await must(call(t, 'DELETE', `/chapters/${trashedChapter.id}`, owner.auth));
  // The hidden story's id stays in the likes of the reader's own export, as a private one's
  // does (title and author blanked); its words are the markers.
  markers.push({ what: 'hidden comment id', text: hiddenComment.data.id, ownerId: owner.id });
  // Reads, likes and comments of the private story must not show in anyone's totals.
  await t.testDb.db.kysely
    .updateTable('stories')
    .set({
      reads_count: 1000,
      votes_count: 50,
      comments_count: 40,
      popular_score: 1500,
      trending_score: 99,
    })
    .where('id', '=', w.privateStory.id)
    .execute();

  const answers: Answer[] = [];
  const problems: string[] = [];
  const read = async (actor: Actor | null, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: actor?.auth });
    const who =
      actor === null
        ? 'visitor'
        : actor === other
          ? 'other'
          : actor === moderator
            ? 'moderator'
            : 'admin';
    answers.push({
      what: `GET ${url} as ${who}`,
      callerId: actor?.id ?? null,
      status: res.statusCode,
      text: res.body,
    });
    if (res.statusCode >= 500) problems.push(`GET ${url} as ${who}: ${res.statusCode}`);
    return res.json() as unknown;
  };

  const words = markers.map((m) => m.text).filter((text) => /^[a-z0-9]+$/.test(text));
  const urls = (viewer: Actor | null) => [
    ...['latest', 'popular', 'trending'].flatMap((sort) => [
      `/stories?sort=${sort}&limit=100`,
      `/stories?sort=${sort}&genre=Fantasy&limit=100`,
      `/stories/search?q=&sort=${sort}&limit=100`,
      // Filtered (issue 23): along the order, and with every filter kind at once.
      `/stories?sort=${sort}&words_min=0&limit=100`,
      `/stories?sort=${sort}&exclude_tags=zzz&status=ongoing&language=English&words_max=100000000&limit=100`,
    ]),
    ...words.map((q) => `/stories?tags=${q}&limit=100`),
    ...words.map((q) => `/stories/search?q=${q}`),
    ...words.map((q) => `/stories/search?q=${q.slice(0, 8)}`),
    ...words.map((q) => `/search/chapters?q=${q}`),
    '/stories/search?q=secret%20hidden',
    '/stories/search?q=former',
    `/users/search?q=${owner.username.slice(0, 4)}`,
    '/users/authors?limit=100',
    '/home',
    `/users/${owner.username}`,
    `/users/${owner.id}`,
    `/users/${owner.username}/stories?limit=100`,
    `/users/${owner.username}/followers`,
    `/users/${other.username}/following`,
    `/users/${other.username}`,
    `/stories/${w.publicStory.id}`,
    `/stories/${w.publicStory.id}/similar`,
    `/stories/${w.privateStory.id}`,
    `/stories/${former.id}`,
    `/stories/${former.id}/similar`,
    `/chapters/by-story/${w.publicStory.id}?published_only=false`,
    `/chapters/by-story/${former.id}`,
    `/stories/${w.publicStory.id}/chapters?published_only=false`,
    `/stories/${former.id}/chapters`,
    `/chapters/${turned.id}`,
    `/chapters/${formerChapter.id}`,
    ...(viewer
      ? [
          '/feed/following?limit=100',
          '/users/suggested',
          '/library?limit=100',
          '/users/me/likes?limit=100',
          '/users/me/progress?limit=100',
          '/users/me/stats',
          '/users/me/export',
          '/users/me',
          '/users/me/stories',
        ]
      : []),
  ];
  // Staff read the site as anyone else does: no role sees private or hidden things there.
  for (const viewer of [null, other, moderator, w.admin]) {
    for (const url of urls(viewer)) await read(viewer, url);
  }
  for (const a of answers) {
    for (const m of leakedMarkers(a.text, a.callerId, markers))
      problems.push(`${a.what}: ${m.what}`);
  }

  problems.push(...(await countProblems(t, w, other, read)));
  problems.push(...(await sanity(t, w, owner, markers)));
  return { answers, markers, problems };
}

type Read = (actor: Actor | null, url: string) => Promise<unknown>;

/** `value.data.items[0]`-style access into a parsed answer; undefined where it is absent. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Counts others see count public stories and published chapters only. */
async function countProblems(t: TestApp, w: World, other: Actor, read: Read): Promise<string[]> {
  const k = t.testDb.db.kysely;
  const publicOfOwner = await k
    .selectFrom('stories')
    .select(['id', 'reads_count', 'comments_count'])
    .where('author_id', '=', w.owner.id)
    .where('visibility', '=', 'public')
    .execute();
  const allPublic = await k
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('visibility', '=', 'public')
    .executeTakeFirstOrThrow();
  const publicReads = publicOfOwner.reduce((sum, s) => sum + s.reads_count, 0);
  const publicComments = publicOfOwner.reduce((sum, s) => sum + s.comments_count, 0);
  const problems: string[] = [];
  const same = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected)
      problems.push(`${what}: ${String(actual)}, expected ${String(expected)}`);
  };
  const publicCount = publicOfOwner.length;
  same('owner has exactly one public story', publicCount, 1);
  for (const viewer of [null, other]) {
    const who = viewer ? 'other' : 'visitor';
    const profile = await read(viewer, `/users/${w.owner.username}`);
    same(`${who}: profile stories_count`, at(profile, 'data', 'stories_count'), publicCount);
    same(`${who}: profile total_reads`, at(profile, 'data', 'total_reads'), publicReads);
    same(`${who}: profile total_comments`, at(profile, 'data', 'total_comments'), publicComments);
    const found = await read(viewer, `/users/search?q=${w.owner.username}`);
    same(`${who}: user search stories_count`, at(found, 'data', 0, 'stories_count'), publicCount);
    same(
      `${who}: author directory stories_count`,
      at(await directoryEntry(read, viewer, w.owner.id), 'stories_count'),
      publicCount,
    );
    const stories = await read(viewer, `/users/${w.owner.username}/stories`);
    same(`${who}: user's stories total`, at(stories, 'data', 'total'), publicCount);
    const detail = await read(viewer, `/stories/${w.publicStory.id}`);
    same(`${who}: public story chapters_count`, at(detail, 'data', 'chapters_count'), 1);
    const list = await read(viewer, '/stories?limit=1');
    same(`${who}: /stories total`, at(list, 'data', 'total'), Number(allPublic.n));
    const search = await read(viewer, '/stories/search?q=&limit=1');
    same(`${who}: blank search total`, at(search, 'data', 'total'), Number(allPublic.n));
  }
  const following = at(await read(other, `/users/${other.username}/following`), 'data', 'items');
  const card = (Array.isArray(following) ? following : []).find(
    (u: unknown) => at(u, 'id') === w.owner.id,
  );
  same("other's following list: owner's stories_count", at(card, 'stories_count'), publicCount);
  return problems;
}

/** A user's entry in the author directory, looked for page by page. */
async function directoryEntry(read: Read, viewer: Actor | null, id: string): Promise<unknown> {
  for (let page = 1; page <= 50; page++) {
    const items = at(await read(viewer, `/users/authors?limit=100&page=${page}`), 'data', 'items');
    if (!Array.isArray(items) || items.length === 0) return undefined;
    const found = items.find((entry: unknown) => at(entry, 'id') === id);
    if (found) return found;
  }
  return undefined;
}

/** The markers are really there for the owner: a sweep that finds nothing proves something. */
async function sanity(t: TestApp, w: World, owner: Actor, markers: Marker[]): Promise<string[]> {
  const exported = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/export',
    headers: owner.auth,
  });
  const own = await call(t, 'GET', `/stories/${w.privateStory.id}`, owner.auth);
  const missing = markers
    .filter((m) => !exported.body.toLowerCase().includes(m.text))
    .map((m) => `owner's export lacks ${m.what}`);
  if (!JSON.stringify(own.body).toLowerCase().includes(markers[0]!.text)) {
    missing.push("owner's own private story lacks its title marker");
  }
  return missing;
}
