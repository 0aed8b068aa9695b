import { SERIES_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const makeSeries = (author: Person, body: Record<string, unknown>) =>
  call(t, 'POST', '/series', author.auth, body);

const partTitles = (series: { parts: { part: number; story: { title: string } }[] }) =>
  series.parts.map((p) => `${p.part}:${p.story.title}`);

describe('series', () => {
  it('groups an author’s stories in order, and renames, reorders, adds and removes', async () => {
    const author = await newUser();
    const [one, two, three, four] = await stories(author, ['Dawn', 'Noon', 'Dusk', 'Night']);
    const made = await makeSeries(author, {
      title: '  The Saltmarsh Saga ',
      description: 'Three tides.',
      story_ids: [one!.id, two!.id, three!.id],
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      title: 'The Saltmarsh Saga',
      description: 'Three tides.',
      author: { id: author.user.id },
    });
    expect(partTitles(made.body.data)).toEqual(['1:Dawn', '2:Noon', '3:Dusk']);
    const id = made.body.data.id;

    const visitor = await call(t, 'GET', `/series/${id}`);
    expect(visitor.status).toBe(200);
    expect(partTitles(visitor.body.data)).toEqual(['1:Dawn', '2:Noon', '3:Dusk']);

    const renamed = await call(t, 'PATCH', `/series/${id}`, author.auth, { title: 'Saltmarsh' });
    expect(renamed.body.data.title).toBe('Saltmarsh');

    const reordered = await call(t, 'PUT', `/series/${id}/stories`, author.auth, {
      story_ids: [three!.id, one!.id, two!.id],
    });
    expect(partTitles(reordered.body.data)).toEqual(['1:Dusk', '2:Dawn', '3:Noon']);

    const added = await call(t, 'POST', `/series/${id}/stories`, author.auth, {
      story_id: four!.id,
      position: 2,
    });
    expect(partTitles(added.body.data)).toEqual(['1:Dusk', '2:Night', '3:Dawn', '4:Noon']);

    const removed = await call(t, 'DELETE', `/series/${id}/stories/${one!.id}`, author.auth);
    expect(partTitles(removed.body.data)).toEqual(['1:Dusk', '2:Night', '3:Noon']);
    // The story itself stays.
    expect((await call(t, 'GET', `/stories/${one!.id}`)).status).toBe(200);

    const mine = await call(t, 'GET', '/users/me/series', author.auth);
    expect(mine.body.data.map((s: { id: string }) => s.id)).toEqual([id]);

    const deleted = await call(t, 'DELETE', `/series/${id}`, author.auth);
    expect(deleted.status).toBe(200);
    expect((await call(t, 'GET', `/series/${id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/stories/${two!.id}`)).body.data.series).toBeNull();
    // Free again: the stories can join another series.
    expect((await makeSeries(author, { title: 'Again', story_ids: [two!.id] })).status).toBe(201);
  });

  it('shows a story’s part with its nearest visible neighbours', async () => {
    const author = await newUser();
    const [a, b, c, d] = await stories(author, ['Part A', 'Part B', 'Part C', 'Part D']);
    const { body } = await makeSeries(author, {
      title: 'Four Winds',
      story_ids: [a!.id, b!.id, c!.id, d!.id],
    });
    const detail = await call(t, 'GET', `/stories/${b!.id}`);
    expect(detail.body.data.series).toEqual({
      id: body.data.id,
      title: 'Four Winds',
      part: 2,
      previous: { id: a!.id, title: 'Part A', part: 1 },
      next: { id: c!.id, title: 'Part C', part: 3 },
    });
    // Part C made private: skipped for everyone but the author.
    await call(t, 'PATCH', `/stories/${c!.id}`, author.auth, { visibility: 'private' });
    const reader = await newUser();
    for (const who of [undefined, reader]) {
      const seen = await call(t, 'GET', `/stories/${b!.id}`, who?.auth);
      expect(seen.body.data.series.next).toEqual({ id: d!.id, title: 'Part D', part: 4 });
      const page = await call(t, 'GET', `/series/${body.data.id}`, who?.auth);
      expect(partTitles(page.body.data)).toEqual(['1:Part A', '2:Part B', '4:Part D']);
    }
    const own = await call(t, 'GET', `/stories/${b!.id}`, author.auth);
    expect(own.body.data.series.next).toMatchObject({ id: c!.id, part: 3 });
    const ownPage = await call(t, 'GET', `/series/${body.data.id}`, author.auth);
    expect(ownPage.body.data.parts).toHaveLength(4);
    // A story in no series says so.
    const [lone] = await stories(author, ['Alone']);
    expect((await call(t, 'GET', `/stories/${lone!.id}`)).body.data.series).toBeNull();
  });

  it('leaves mature parts out for visitors, as lists do, and answers 404 when nothing is left', async () => {
    const author = await newUser();
    const [calm] = await stories(author, ['Calm']);
    const [dark] = await stories(author, ['Dark'], { rating: 'mature' });
    const mixed = await makeSeries(author, { title: 'Mixed', story_ids: [calm!.id, dark!.id] });
    const seen = await call(t, 'GET', `/series/${mixed.body.data.id}`);
    expect(partTitles(seen.body.data)).toEqual(['1:Calm']);
    // The mature story's own page still answers by its link, without a next part.
    const darkDetail = await call(t, 'GET', `/stories/${dark!.id}`);
    expect(darkDetail.body.data.series).toMatchObject({ part: 2, previous: { id: calm!.id } });

    const [secret] = await stories(author, ['Secret'], { visibility: 'private' });
    const hidden = await makeSeries(author, { title: 'Only mine', story_ids: [secret!.id] });
    expect((await call(t, 'GET', `/series/${hidden.body.data.id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/series/${hidden.body.data.id}`, author.auth)).status).toBe(200);
  });

  it('takes only the author’s own stories, each in one series, and refuses bad input', async () => {
    const author = await newUser();
    const other = await newUser();
    const [mine, taken] = await stories(author, ['Mine', 'Taken']);
    const [theirs] = await stories(other, ['Theirs']);
    const first = await makeSeries(author, { title: 'First', story_ids: [taken!.id] });
    const before = await call(t, 'GET', '/users/me/series', author.auth);

    const refused: [Record<string, unknown>, number, string][] = [
      [{ title: '' }, 400, SERIES_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(201) }, 400, SERIES_MESSAGES.titleMax],
      [{ title: 'Dup', story_ids: [mine!.id, mine!.id] }, 400, SERIES_MESSAGES.duplicate],
      [{ title: 'Bad', story_ids: 'nope' }, 400, SERIES_MESSAGES.storiesInvalid],
      [
        { title: 'Ghost', story_ids: ['0190a0a0-0000-7000-8000-000000000000'] },
        400,
        SERIES_MESSAGES.storyMissing,
      ],
      [{ title: 'Theft', story_ids: [theirs!.id] }, 403, SERIES_MESSAGES.notYourStory],
      [{ title: 'Twice', story_ids: [taken!.id] }, 409, SERIES_MESSAGES.inAnotherSeries('First')],
    ];
    for (const [body, status, message] of refused) {
      const res = await makeSeries(author, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // Nothing was created by any of them.
    expect((await call(t, 'GET', '/users/me/series', author.auth)).body.data).toEqual(
      before.body.data,
    );

    const id = first.body.data.id;
    // Someone else may not change it, and a failed change leaves it as it was.
    for (const [method, url, body] of [
      ['PATCH', `/series/${id}`, { title: 'Mine now' }],
      ['PUT', `/series/${id}/stories`, { story_ids: [] }],
      ['POST', `/series/${id}/stories`, { story_id: theirs!.id }],
      ['DELETE', `/series/${id}`, undefined],
    ] as const)
      expect((await call(t, method, url, other.auth, body)).status).toBe(403);
    const addTheirs = await call(t, 'POST', `/series/${id}/stories`, author.auth, {
      story_id: theirs!.id,
    });
    expect(addTheirs.status).toBe(403);
    const notPart = await call(t, 'DELETE', `/series/${id}/stories/${mine!.id}`, author.auth);
    expect(notPart.status).toBe(404);
    expect((await call(t, 'PATCH', `/series/nope`, author.auth, { title: 'x' })).status).toBe(404);
    expect((await call(t, 'POST', '/series', undefined, { title: 'Anon' })).status).toBe(401);
    const after = await call(t, 'GET', `/series/${id}`);
    expect(after.body.data).toMatchObject({ title: 'First' });
    expect(partTitles(after.body.data)).toEqual(['1:Taken']);
  });

  it('lets a deleted story leave its series, the others keeping their numbers', async () => {
    const author = await newUser();
    const [x, y, z] = await stories(author, ['X', 'Y', 'Z']);
    const { body } = await makeSeries(author, { title: 'XYZ', story_ids: [x!.id, y!.id, z!.id] });
    expect((await call(t, 'DELETE', `/stories/${y!.id}`, author.auth)).status).toBe(200);
    const page = await call(t, 'GET', `/series/${body.data.id}`);
    expect(partTitles(page.body.data)).toEqual(['1:X', '3:Z']);
    const detail = await call(t, 'GET', `/stories/${z!.id}`);
    expect(detail.body.data.series.previous).toMatchObject({ id: x!.id });
  });

  it('are in the OpenAPI document, with the story detail’s series and the chapter’s schedule', async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/series',
      '/api/series/{id}',
      '/api/series/{id}/stories',
      '/api/series/{id}/stories/{storyId}',
      '/api/users/me/series',
    ])
      expect(spec.paths[path], path).toBeDefined();
    expect(spec.components.schemas.StoryDetail.properties.series).toBeDefined();
    expect(spec.components.schemas.Chapter.properties.publish_at).toBeDefined();
  });
});
