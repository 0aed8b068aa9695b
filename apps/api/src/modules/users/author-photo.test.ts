import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryRow } from '../../db/types.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { findStoryById } from '../stories/repo.js';
import { storyViews } from '../stories/views.js';

/**
 * The author summary in story payloads follows the author's profile privacy
 * (modules/users/privacy.ts): the picture shows only to whoever sees the whole profile.
 */
let t: TestApp;
type Person = Awaited<ReturnType<typeof createUser>>;
type Auth = Person['auth'] | undefined;
let hidden: Person; // profileVisibility 'private'
let friendsOnly: Person; // profileVisibility 'friends'
let open: Person; // public, the control
let reader: Person; // follows all three, liked and saved their stories; nobody follows back
let friend: Person; // followed by friendsOnly; follows all three, liked and saved too
const stories: Record<string, { id: string }> = {};
const photo = (who: Person) => `/media/avatars/${who.user.id}/face-lg.webp`;

beforeAll(async () => {
  t = await createTestApp();
  const newUser = () => createUser(t.testDb.db, t.config);
  [hidden, friendsOnly, open, reader, friend] = [
    await newUser(),
    await newUser(),
    await newUser(),
    await newUser(),
    await newUser(),
  ];
  for (const who of [hidden, friendsOnly, open]) {
    await t.testDb.db.kysely
      .updateTable('users')
      .set({ profile_pic: photo(who) })
      .where('id', '=', who.user.id)
      .execute();
  }
  await call(t, 'PUT', '/users/me/settings', hidden.auth, { profileVisibility: 'private' });
  await call(t, 'PUT', '/users/me/settings', friendsOnly.auth, { profileVisibility: 'friends' });
  await call(t, 'POST', `/users/${friend.user.username}/follow`, friendsOnly.auth);

  // One Mystery story each, all found by the search word 'quillmoor'.
  for (const [name, who] of [
    ['hidden', hidden],
    ['friendsOnly', friendsOnly],
    ['open', open],
  ] as const) {
    stories[name] = await createStory(t, who.auth, {
      title: `Quillmoor ${name}`,
      genre: 'Mystery',
    });
  }
  for (const who of [reader, friend]) {
    for (const author of [hidden, friendsOnly, open]) {
      await call(t, 'POST', `/users/${author.user.username}/follow`, who.auth);
    }
    for (const story of Object.values(stories)) {
      await call(t, 'POST', `/stories/${story.id}/like`, who.auth);
      await call(t, 'POST', `/library/${story.id}`, who.auth);
      const [chapter] = await chaptersOf(t, story.id, who.auth);
      await call(t, 'POST', `/chapters/${chapter!.id}/progress?story_id=${story.id}`, who.auth);
    }
  }
});
afterAll(() => t.close());

/** Every author summary in a response body, as author id → profile_pic. */
function authorPhotos(body: unknown): Map<string, string | null> {
  const found = new Map<string, string | null>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const author = (value as { author?: { id?: string; profile_pic?: string | null } }).author;
      if (author && typeof author === 'object' && typeof author.id === 'string') {
        found.set(author.id, author.profile_pic ?? null);
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(body);
  return found;
}

/** What `auth` should see of each author's picture. */
const expected = (auth: Auth) => {
  const as = auth?.authorization;
  return new Map([
    [hidden.user.id, as === hidden.auth.authorization ? photo(hidden) : null],
    [
      friendsOnly.user.id,
      as === friendsOnly.auth.authorization || as === friend.auth.authorization
        ? photo(friendsOnly)
        : null,
    ],
    [open.user.id, photo(open)],
  ]);
};

/** The three authors' pictures in one response, the others' left out. */
async function photosAt(url: string, auth: Auth) {
  const res = await call(t, 'GET', url, auth);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  const photos = authorPhotos(res.body.data);
  const ours = [hidden, friendsOnly, open].map((who) => who.user.id);
  return new Map([...photos].filter(([id]) => ours.includes(id)));
}

const viewers = (): [string, Auth][] => [
  ['a visitor', undefined],
  ['a signed-in reader the authors do not follow', reader.auth],
  ["a user the 'friends' author follows", friend.auth],
];

describe('author pictures in story payloads follow profile privacy', () => {
  it.each([
    ['story detail', () => Object.values(stories).map((s) => `/stories/${s.id}`)],
    ['the story list', () => ['/stories?genre=Mystery&limit=100']],
    ['search', () => ['/stories/search?q=quillmoor']],
    ['similar stories', () => [`/stories/${stories.open!.id}/similar`]],
  ])('in %s', async (_, urls) => {
    for (const [who, auth] of [...viewers(), ['the private author', hidden.auth] as const]) {
      const seen = new Map<string, string | null>();
      for (const url of urls())
        for (const [id, pic] of await photosAt(url, auth)) seen.set(id, pic);
      // Similar stories leave out the story asked about.
      const want = expected(auth);
      if (urls()[0]!.endsWith('/similar')) want.delete(open.user.id);
      expect(seen, who).toEqual(want);
    }
  });

  it.each([
    ['the Following feed', '/feed/following'],
    ['the library', '/library'],
    ['liked stories', '/users/me/likes'],
    ['Continue Reading', '/users/me/progress'],
  ])('in %s', async (_, url) => {
    for (const auth of [reader.auth, friend.auth]) {
      expect(await photosAt(url, auth)).toEqual(expected(auth));
    }
  });

  it("in a user's own story list, the author always sees their picture", async () => {
    for (const who of [hidden, friendsOnly]) {
      const photos = await photosAt('/users/me/stories', who.auth);
      expect(photos.get(who.user.id)).toBe(photo(who));
    }
    // A 'friends' profile's stories are listed to a user it follows, with the picture.
    const listed = await photosAt(`/users/${friendsOnly.user.username}/stories`, friend.auth);
    expect(listed.get(friendsOnly.user.id)).toBe(photo(friendsOnly));
  });

  it("the data export never carries another author's picture", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/export',
      headers: reader.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(photo(hidden));
    expect(res.body).not.toContain(photo(friendsOnly));
  });
});

describe('the cost of the rule on every list', () => {
  /** storyViews' queries for a page of the three stories, as `viewer`. */
  async function queriesOf(viewer: { id: string } | null) {
    let count = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        count += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.testDb.db.kysely.withPlugin(counting);
    const rows: StoryRow[] = [];
    for (const story of Object.values(stories)) rows.push((await findStoryById(db, story.id))!);
    count = 0;
    const views = await storyViews(db, rows, viewer);
    return { count, photos: authorPhotos(views) };
  }

  it("adds no query for visitors and at most one for signed-in readers ('friends' authors)", async () => {
    // Tags and authors with their settings; likes and saves for a signed-in reader.
    expect((await queriesOf(null)).count).toBe(2);
    const asFriend = await queriesOf({ id: friend.user.id });
    expect(asFriend.count).toBe(5);
    expect(asFriend.photos).toEqual(expected(friend.auth));
  });
});
