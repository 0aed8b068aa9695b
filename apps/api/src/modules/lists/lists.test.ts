import { LIMITS, LIST_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = () => createUser(t.testDb.db, t.config);

async function stories(author: Person, titles: string[], overrides: Record<string, unknown> = {}) {
  const made: { id: string; title: string }[] = [];
  for (const title of titles) made.push(await createStory(t, author.auth, { title, ...overrides }));
  return made;
}

const makeList = async (owner: Person, body: Record<string, unknown>) => {
  const res = await call(t, 'POST', '/lists', owner.auth, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string };
};
const add = (owner: Person, listId: string, storyId: string) =>
  call(t, 'POST', `/lists/${listId}/stories`, owner.auth, { story_id: storyId });
const titlesOf = async (listId: string, who?: Person, query = '') => {
  const res = await call(t, 'GET', `/lists/${listId}/stories${query}`, who?.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.items as { title: string }[]).map((s) => s.title);
};

describe('reading lists', () => {
  it('makes, fills, orders, renames and deletes a list', async () => {
    const author = await newUser();
    const reader = await newUser();
    const [a, b, c] = await stories(author, ['Ash', 'Birch', 'Cedar']);
    const list = await makeList(reader, {
      name: '  Forest reads ',
      description: 'Trees, mostly.',
    });
    expect(list).toMatchObject({
      name: 'Forest reads',
      description: 'Trees, mostly.',
      visibility: 'public',
      stories_count: 0,
      hidden_count: 0,
      followers_count: 0,
      owner: { id: reader.user.id },
    });
    for (const s of [a, b, c]) expect((await add(reader, list.id, s!.id)).status).toBe(200);
    // Adding twice changes nothing.
    expect((await add(reader, list.id, a!.id)).body.data).toMatchObject({ in_list: true });
    expect(await titlesOf(list.id)).toEqual(['Ash', 'Birch', 'Cedar']);

    const card = await call(t, 'GET', `/lists/${list.id}`);
    expect(card.body.data.stories_count).toBe(3);
    expect(card.body.data.preview.map((p: { title: string }) => p.title)).toEqual([
      'Ash',
      'Birch',
      'Cedar',
    ]);
    const moved = await call(t, 'PATCH', `/lists/${list.id}/stories/${c!.id}`, reader.auth, {
      before: a!.id,
    });
    expect(moved.status).toBe(200);
    expect(await titlesOf(list.id)).toEqual(['Cedar', 'Ash', 'Birch']);
    await call(t, 'PATCH', `/lists/${list.id}/stories/${c!.id}`, reader.auth, { after: b!.id });
    expect(await titlesOf(list.id)).toEqual(['Ash', 'Birch', 'Cedar']);
    // Paged in the list's order.
    expect(await titlesOf(list.id, undefined, '?page=2&limit=2')).toEqual(['Cedar']);

    const renamed = await call(t, 'PATCH', `/lists/${list.id}`, reader.auth, {
      name: 'Woodland',
      description: null,
    });
    expect(renamed.body.data).toMatchObject({ name: 'Woodland', description: '' });

    // The "Add to list" menu: each list says whether it holds the story.
    const other = await makeList(reader, { name: 'Later', visibility: 'private' });
    const menu = await call(t, 'GET', `/users/me/lists?story_id=${a!.id}`, reader.auth);
    expect(
      menu.body.data.map((l: { name: string; has_story: boolean }) => [l.name, l.has_story]),
    ).toEqual([
      ['Woodland', true],
      ['Later', false],
    ]);
    // Lists reordered.
    const order = await call(t, 'PUT', '/users/me/lists/order', reader.auth, {
      list_ids: [other.id, list.id],
    });
    expect(order.body.data.map((l: { name: string }) => l.name)).toEqual(['Later', 'Woodland']);
    const badOrder = await call(t, 'PUT', '/users/me/lists/order', reader.auth, {
      list_ids: [list.id],
    });
    expect(badOrder.status).toBe(400);

    const removed = await call(t, 'DELETE', `/lists/${list.id}/stories/${b!.id}`, reader.auth);
    expect(removed.body.data).toMatchObject({ in_list: false });
    expect(await titlesOf(list.id)).toEqual(['Ash', 'Cedar']);
    expect((await call(t, 'GET', `/stories/${b!.id}`)).status).toBe(200);

    expect((await call(t, 'DELETE', `/lists/${list.id}`, reader.auth)).status).toBe(200);
    expect((await call(t, 'GET', `/lists/${list.id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/stories/${a!.id}`)).status).toBe(200);
  });

  it('keeps a private list its owner’s alone: 404 to everyone else, by every path', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const [s] = await stories(owner, ['Quiet']);
    const list = await makeList(owner, { name: 'Secret shelf', visibility: 'private' });
    await add(owner, list.id, s!.id);
    for (const who of [undefined, stranger]) {
      for (const [method, url, body] of [
        ['GET', `/lists/${list.id}`],
        ['GET', `/lists/${list.id}/stories`],
        ['POST', `/lists/${list.id}/follow`],
        ['DELETE', `/lists/${list.id}/follow`],
        ['PATCH', `/lists/${list.id}`, { name: 'Mine now' }],
        ['DELETE', `/lists/${list.id}`],
        ['POST', `/lists/${list.id}/stories`, { story_id: s!.id }],
        ['DELETE', `/lists/${list.id}/stories/${s!.id}`],
      ] as const) {
        const res = await call(t, method, url, who?.auth, body);
        expect(res.status, `${method} ${url} ${who ? 'reader' : 'visitor'}`).toBe(
          who === undefined && method !== 'GET' ? 401 : 404,
        );
        expect(JSON.stringify(res.body)).not.toContain('Secret shelf');
      }
      const profile = await call(t, 'GET', `/users/${owner.user.username}/lists`, who?.auth);
      expect(profile.body.data).toEqual([]);
    }
    // The owner sees it everywhere.
    expect((await call(t, 'GET', `/lists/${list.id}`, owner.auth)).status).toBe(200);
    const own = await call(t, 'GET', `/users/${owner.user.username}/lists`, owner.auth);
    expect(own.body.data.map((l: { name: string }) => l.name)).toEqual(['Secret shelf']);
    // A public list of someone else is theirs to change, not yours: 403.
    const open = await makeList(owner, { name: 'Open shelf' });
    const refused = await call(t, 'PATCH', `/lists/${open.id}`, stranger.auth, { name: 'x' });
    expect(refused.status).toBe(403);
    expect((await call(t, 'GET', `/lists/${open.id}`)).body.data.name).toBe('Open shelf');
  });

  it('leaves out private, hidden, deleted, mature and muted stories but keeps them in the list', async () => {
    const author = await newUser();
    const owner = await newUser();
    const reader = await newUser();
    const [open, priv, hid, gone, dark, later] = await stories(author, [
      'Open',
      'Turned private',
      'Hidden by staff',
      'In the trash',
      'Dark',
      'Back again',
    ]);
    await call(t, 'PATCH', `/stories/${dark!.id}`, author.auth, { rating: 'mature' });
    const list = await makeList(owner, { name: 'Everything' });
    for (const s of [open, priv, hid, gone, dark, later])
      expect((await add(owner, list.id, s!.id)).status).toBe(200);

    await call(t, 'PATCH', `/stories/${priv!.id}`, author.auth, { visibility: 'private' });
    await call(t, 'PATCH', `/stories/${later!.id}`, author.auth, { visibility: 'private' });
    await t.testDb.db.kysely
      .updateTable('stories')
      .set({
        hidden_at: new Date().toISOString(),
        visibility: 'private',
        visibility_before_hidden: 'public',
      })
      .where('id', '=', hid!.id)
      .execute();
    expect((await call(t, 'DELETE', `/stories/${gone!.id}`, author.auth)).status).toBe(200);

    expect(await titlesOf(list.id)).toEqual(['Open']);
    expect(await titlesOf(list.id, owner)).toEqual(['Open']);
    const seen = await call(t, 'GET', `/lists/${list.id}`, owner.auth);
    expect(seen.body.data).toMatchObject({ stories_count: 1, hidden_count: 5 });
    expect((await call(t, 'GET', `/lists/${list.id}`)).body.data).not.toHaveProperty(
      'hidden_count',
    );
    // A reader who opted into mature content sees the mature story; a visitor does not.
    await call(t, 'PUT', '/users/me/settings', reader.auth, { showMatureContent: true });
    expect(await titlesOf(list.id, reader)).toEqual(['Open', 'Dark']);
    // The author sees their own private story in someone's list.
    expect(await titlesOf(list.id, author)).toContain('Turned private');
    // Made public again: it comes back, in its place.
    await call(t, 'PATCH', `/stories/${later!.id}`, author.auth, { visibility: 'public' });
    expect(await titlesOf(list.id)).toEqual(['Open', 'Back again']);
    // A muted author's stories are left out for the muter only.
    await call(t, 'POST', `/users/${author.user.username}/mute`, reader.auth);
    expect(await titlesOf(list.id, reader)).toEqual([]);
    expect((await call(t, 'GET', `/lists/${list.id}`, reader.auth)).body.data.stories_count).toBe(
      0,
    );
    expect(await titlesOf(list.id)).toEqual(['Open', 'Back again']);
    // Others' private and hidden stories cannot be added.
    const fresh = await makeList(reader, { name: 'Fresh' });
    expect((await add(reader, fresh.id, priv!.id)).status).toBe(404);
    expect((await add(reader, fresh.id, hid!.id)).status).toBe(404);
    expect((await add(author, (await makeList(author, { name: 'A' })).id, gone!.id)).status).toBe(
      404,
    );
    // Deleted for good: the story leaves the list.
    await t.testDb.db.kysely.deleteFrom('stories').where('id', '=', open!.id).execute();
    expect((await call(t, 'GET', `/lists/${list.id}`, owner.auth)).body.data.hidden_count).toBe(4);
  });

  it('is followed like an author: counts, the follower’s lists, blocks', async () => {
    const owner = await newUser();
    const fan = await newUser();
    const list = await makeList(owner, { name: 'Followed shelf' });
    const followed = await call(t, 'POST', `/lists/${list.id}/follow`, fan.auth);
    expect(followed.body.data).toEqual({ following: true, followers_count: 1 });
    // Idempotent.
    await call(t, 'POST', `/lists/${list.id}/follow`, fan.auth);
    const page = await call(t, 'GET', `/lists/${list.id}`, fan.auth);
    expect(page.body.data).toMatchObject({ followers_count: 1, is_following: true });
    const mine = await call(t, 'GET', '/users/me/lists/following', fan.auth);
    expect(mine.body.data.items.map((l: { name: string }) => l.name)).toEqual(['Followed shelf']);
    expect((await call(t, 'POST', `/lists/${list.id}/follow`, owner.auth)).status).toBe(400);

    // Made private: gone from the follower's lists, but they can still let go of it.
    await call(t, 'PATCH', `/lists/${list.id}`, owner.auth, { visibility: 'private' });
    expect((await call(t, 'GET', '/users/me/lists/following', fan.auth)).body.data.total).toBe(0);
    const left = await call(t, 'DELETE', `/lists/${list.id}/follow`, fan.auth);
    expect(left.body.data).toEqual({ following: false, followers_count: 0 });
    await call(t, 'PATCH', `/lists/${list.id}`, owner.auth, { visibility: 'public' });

    // A block ends the follow, and no new one is allowed either way.
    await call(t, 'POST', `/lists/${list.id}/follow`, fan.auth);
    await call(t, 'POST', `/users/${fan.user.username}/block`, owner.auth);
    const after = await call(t, 'GET', `/lists/${list.id}`, owner.auth);
    expect(after.body.data.followers_count).toBe(0);
    const refused = await call(t, 'POST', `/lists/${list.id}/follow`, fan.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LIST_MESSAGES.followBlocked);

    // An account deleted leaves the counts of the lists it followed.
    const brief = await newUser();
    await call(t, 'POST', `/lists/${list.id}/follow`, brief.auth);
    expect((await call(t, 'GET', `/lists/${list.id}`)).body.data.followers_count).toBe(1);
    await t.testDb.db.kysely.transaction().execute(async (trx) => {
      const { deleteUserCascade } = await import('../users/repo.js');
      await deleteUserCascade(trx, t.testDb.db.dialect, brief.user);
    });
    expect((await call(t, 'GET', `/lists/${list.id}`)).body.data.followers_count).toBe(0);
  });

  it('refuses bad input and changes nothing', async () => {
    const owner = await newUser();
    const [s] = await stories(owner, ['Only']);
    const list = await makeList(owner, { name: 'Kept' });
    const refused: [string, string, Record<string, unknown>, number, string][] = [
      ['POST', '/lists', { name: '' }, 400, LIST_MESSAGES.nameRequired],
      ['POST', '/lists', { name: 'x'.repeat(LIMITS.listNameMax + 1) }, 400, LIST_MESSAGES.nameMax],
      [
        'POST',
        '/lists',
        { name: 'Long', description: 'x'.repeat(LIMITS.listDescriptionMax + 1) },
        400,
        LIST_MESSAGES.descriptionMax,
      ],
      [
        'POST',
        '/lists',
        { name: 'V', visibility: 'friends' },
        400,
        LIST_MESSAGES.visibilityInvalid,
      ],
      ['PATCH', `/lists/${list.id}`, { name: '  ' }, 400, LIST_MESSAGES.nameRequired],
      [
        'POST',
        `/lists/${list.id}/stories`,
        { story_id: '0190a0a0-0000-7000-8000-000000000000' },
        404,
        'Story not found',
      ],
      ['POST', `/lists/${list.id}/stories`, { story_id: 'nope' }, 404, 'Story not found'],
      [
        'PATCH',
        `/lists/${list.id}/stories/${s!.id}`,
        { before: s!.id, after: s!.id },
        400,
        LIST_MESSAGES.moveTarget,
      ],
      [
        'PATCH',
        `/lists/${list.id}/stories/${s!.id}`,
        { before: s!.id },
        404,
        LIST_MESSAGES.notInList,
      ],
    ];
    for (const [method, url, body, status, message] of refused) {
      const res = await call(t, method as 'POST', url, owner.auth, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const lists = await call(t, 'GET', '/users/me/lists', owner.auth);
    expect(lists.body.data.map((l: { name: string; stories_count: number }) => l.name)).toEqual([
      'Kept',
    ]);
    expect(lists.body.data[0].stories_count).toBe(0);
    expect((await call(t, 'GET', '/lists/not-an-id')).status).toBe(404);
    expect((await call(t, 'GET', '/users/me/lists')).status).toBe(401);
  });

  it('holds at most the limit of lists per reader', async () => {
    const owner = await newUser();
    const now = new Date().toISOString();
    await t.testDb.db.kysely
      .insertInto('reading_lists')
      .values(
        Array.from({ length: LIMITS.listsPerUser }, (_, i) => ({
          id: newId(),
          owner_id: owner.user.id,
          name: `List ${i}`,
          position: i + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const res = await call(t, 'POST', '/lists', owner.auth, { name: 'One more' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(LIST_MESSAGES.tooManyLists);
  });

  it('puts a user’s lists in their data export', async () => {
    const owner = await newUser();
    const author = await newUser();
    const [s, p] = await stories(author, ['Exported', 'Later private']);
    const list = await makeList(owner, { name: 'For export', visibility: 'private' });
    await add(owner, list.id, s!.id);
    await add(owner, list.id, p!.id);
    await call(t, 'PATCH', `/stories/${p!.id}`, author.auth, { visibility: 'private' });
    const theirs = await makeList(author, { name: 'Theirs' });
    await call(t, 'POST', `/lists/${theirs.id}/follow`, owner.auth);
    const res = await call(t, 'GET', '/users/me/export', owner.auth);
    expect(res.status).toBe(200);
    const data = typeof res.body === 'string' ? JSON.parse(res.body) : res.body;
    const exported = data.data ?? data;
    expect(exported.reading_lists).toEqual([
      expect.objectContaining({
        id: list.id,
        name: 'For export',
        visibility: 'private',
        stories: [
          expect.objectContaining({ story_id: s!.id, title: 'Exported' }),
          expect.objectContaining({ story_id: p!.id, title: null, author: null }),
        ],
      }),
    ]);
    expect(exported.followed_lists).toEqual([expect.objectContaining({ list_id: theirs.id })]);
  });

  it('are in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/lists',
      '/api/lists/{id}',
      '/api/lists/{id}/stories',
      '/api/lists/{id}/stories/{storyId}',
      '/api/lists/{id}/follow',
      '/api/users/{username}/lists',
      '/api/users/me/lists',
      '/api/users/me/lists/following',
      '/api/users/me/lists/order',
    ])
      expect(spec.paths[path], path).toBeDefined();
    expect(spec.components.schemas.ReadingList.properties.preview).toBeDefined();
  });
});
