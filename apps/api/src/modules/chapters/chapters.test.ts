import { LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
const chaptersCount = async (storyId: string) =>
  (
    await t.testDb.db.kysely
      .selectFrom('stories')
      .select('chapters_count')
      .where('id', '=', storyId)
      .executeTakeFirstOrThrow()
  ).chapters_count;

/** A story with published chapters titled A, B, C (positions 1–3). */
async function storyWithChapters(auth: { authorization: string }, visibility = 'public') {
  const story = await createStory(t, auth, {
    visibility,
    chapters: ['A', 'B', 'C'].map((title) => ({ title, content: `<p>Chapter ${title}</p>` })),
  });
  return { story, chapters: await chaptersOf(t, story.id, auth) };
}

const titles = async (storyId: string, auth: { authorization: string }) =>
  (await chaptersOf(t, storyId, auth)).map((c) => `${c.order}:${c.title}`);

describe('POST /chapters', () => {
  it('adds a draft last with the default title, sanitized content and a word count', async () => {
    const { auth } = await newUser();
    const { story } = await storyWithChapters(auth);
    const res = await call(t, 'POST', '/chapters', auth, {
      story_id: story.id,
      title: '   ',
      content: '<p onclick="x()">Four <i>more</i> words here</p><script>alert(1)</script>',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      story_id: story.id,
      title: 'Chapter 4',
      content: '<p>Four <em>more</em> words here</p>',
      order: 4,
      published: false,
      word_count: 4,
      reads_count: 0,
      published_at: null,
    });
    expect(await chaptersCount(story.id)).toBe(3);
  });

  it('inserts at a given order and renumbers the rest', async () => {
    const { auth } = await newUser();
    const { story } = await storyWithChapters(auth);
    await call(t, 'POST', '/chapters', auth, {
      story_id: story.id,
      title: 'Prologue',
      content: '<p>Before</p>',
      order: 1,
      published: true,
    });
    await call(t, 'POST', '/chapters', auth, { story_id: story.id, title: 'Far', order: 99 });
    expect(await titles(story.id, auth)).toEqual(['1:Prologue', '2:A', '3:B', '4:C', '5:Far']);
    expect(await chaptersCount(story.id)).toBe(4);
  });

  it('refuses to publish without content', async () => {
    const { auth } = await newUser();
    const { story } = await storyWithChapters(auth);
    const res = await call(t, 'POST', '/chapters', auth, {
      story_id: story.id,
      content: '<p>&nbsp;</p>',
      published: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.content).toBe(STORY_MESSAGES.chapterNoContent);
    expect(await chaptersOf(t, story.id, auth)).toHaveLength(3);
  });

  it('bounds the sanitized content', async () => {
    const { auth } = await newUser();
    const { story } = await storyWithChapters(auth);
    const res = await call(t, 'POST', '/chapters', auth, {
      story_id: story.id,
      content: `<p>${'x'.repeat(LIMITS.chapterContentMax)}</p>`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.content).toBe(STORY_MESSAGES.chapterContentMax);
  });

  it('answers an unknown story with 404', async () => {
    const { auth } = await newUser();
    const res = await call(t, 'POST', '/chapters', auth, { story_id: 'nope', content: '' });
    expect(res.status).toBe(404);
  });
});

describe('PATCH /chapters/{id}', () => {
  it('moves a chapter and renumbers from 1', async () => {
    const { auth } = await newUser();
    const { story, chapters } = await storyWithChapters(auth);
    const moved = await call(t, 'PATCH', `/chapters/${chapters[2]!.id}`, auth, { order: 1 });
    expect(moved.body.data.order).toBe(1);
    expect(await titles(story.id, auth)).toEqual(['1:C', '2:A', '3:B']);
    await call(t, 'PATCH', `/chapters/${chapters[2]!.id}`, auth, { order: 50 });
    expect(await titles(story.id, auth)).toEqual(['1:A', '2:B', '3:C']);
    await call(t, 'PATCH', `/chapters/${chapters[0]!.id}`, auth, { order: 2 });
    expect(await titles(story.id, auth)).toEqual(['1:B', '2:A', '3:C']);
  });

  it('publishes and unpublishes, keeping chapters_count and the first published_at', async () => {
    const { auth } = await newUser();
    const { story } = await storyWithChapters(auth);
    const draft = (await call(t, 'POST', '/chapters', auth, { story_id: story.id, content: '' }))
      .body.data;

    const empty = await call(t, 'PATCH', `/chapters/${draft.id}`, auth, { published: true });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.content).toBe(STORY_MESSAGES.chapterNoContent);

    const published = await call(t, 'PATCH', `/chapters/${draft.id}`, auth, {
      title: 'Finale',
      content: '<p>The <b>end</b>.</p>',
      published: true,
    });
    expect(published.body.data).toMatchObject({ title: 'Finale', published: true, word_count: 2 });
    const firstPublished = published.body.data.published_at;
    expect(firstPublished).not.toBeNull();
    expect(await chaptersCount(story.id)).toBe(4);

    const blanked = await call(t, 'PATCH', `/chapters/${draft.id}`, auth, { content: '<p></p>' });
    expect(blanked.status).toBe(400);

    const unpublished = await call(t, 'PATCH', `/chapters/${draft.id}`, auth, { published: false });
    expect(unpublished.body.data.published).toBe(false);
    expect(await chaptersCount(story.id)).toBe(3);
    const republished = await call(t, 'PATCH', `/chapters/${draft.id}`, auth, { published: true });
    expect(republished.body.data.published_at).toBe(firstPublished);
    expect(await chaptersCount(story.id)).toBe(4);
  });

  it("bumps the story's updated_at", async () => {
    const { auth } = await newUser();
    const { story, chapters } = await storyWithChapters(auth);
    const longAgo = '2020-01-01T00:00:00.000Z';
    await t.testDb.db.kysely
      .updateTable('stories')
      .set({ updated_at: longAgo })
      .where('id', '=', story.id)
      .execute();
    await call(t, 'PATCH', `/chapters/${chapters[0]!.id}`, auth, { title: 'Renamed' });
    const after = (await call(t, 'GET', `/stories/${story.id}`, auth)).body.data;
    expect(after.updated_at > longAgo).toBe(true);
  });
});

describe('concurrent chapter writes', () => {
  it('serialize on the story: positions stay 1…n and chapters_count exact', async () => {
    const { auth } = await newUser();
    const { story, chapters } = await storyWithChapters(auth);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        call(t, 'POST', '/chapters', auth, {
          story_id: story.id,
          title: `New ${i}`,
          content: '<p>x</p>',
          order: 1 + (i % 3),
          published: i % 2 === 0,
        }),
      ),
      call(t, 'PATCH', `/chapters/${chapters[2]!.id}`, auth, { order: 1 }),
      call(t, 'DELETE', `/chapters/${chapters[1]!.id}`, auth),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, ...Array(8).fill(201)]);
    const after = await chaptersOf(t, story.id, auth);
    expect(after.map((c) => c.order)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await chaptersCount(story.id)).toBe(after.filter((c) => c.published).length);
    expect(await chaptersCount(story.id)).toBe(6);
  });
});

describe('DELETE /chapters/{id}', () => {
  it('renumbers the rest and refuses to delete the last chapter', async () => {
    const { auth } = await newUser();
    const { story, chapters } = await storyWithChapters(auth);
    const res = await call(t, 'DELETE', `/chapters/${chapters[0]!.id}`, auth);
    expect(res.status).toBe(200);
    expect(await titles(story.id, auth)).toEqual(['1:B', '2:C']);
    expect(await chaptersCount(story.id)).toBe(2);
    await call(t, 'DELETE', `/chapters/${chapters[2]!.id}`, auth);
    const last = await call(t, 'DELETE', `/chapters/${chapters[1]!.id}`, auth);
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(STORY_MESSAGES.lastChapter);
    expect(await titles(story.id, auth)).toEqual(['1:B']);
    expect(await chaptersCount(story.id)).toBe(1);
  });
});

describe('who sees which chapters', () => {
  it('lists drafts for the author only; others silently get published chapters', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story } = await storyWithChapters(author.auth);
    const draft = (
      await call(t, 'POST', '/chapters', author.auth, {
        story_id: story.id,
        title: 'Draft',
        content: '<p>wip</p>',
        order: 2,
      })
    ).body.data;

    const own = await call(
      t,
      'GET',
      `/chapters/by-story/${story.id}?published_only=false`,
      author.auth,
    );
    expect(own.body.data.map((c: { title: string }) => c.title)).toEqual(['A', 'Draft', 'B', 'C']);
    const ownDefault = await call(t, 'GET', `/chapters/by-story/${story.id}`, author.auth);
    expect(ownDefault.body.data).toHaveLength(3);
    for (const auth of [undefined, other.auth]) {
      const listed = await call(
        t,
        'GET',
        `/chapters/by-story/${story.id}?published_only=false`,
        auth,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((c: { title: string }) => c.title)).toEqual(['A', 'B', 'C']);
      const byId = await call(t, 'GET', `/chapters/${draft.id}`, auth);
      expect(byId.status).toBe(404);
      expect(byId.body.message).toBe(STORY_MESSAGES.chapterNotFound);
    }
    expect((await call(t, 'GET', `/chapters/${draft.id}`, author.auth)).body.data.title).toBe(
      'Draft',
    );
  });

  it('hides every chapter of a private story behind story_private', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth, 'private');
    for (const auth of [undefined, other.auth]) {
      for (const url of [`/chapters/by-story/${story.id}`, `/chapters/${chapters[0]!.id}`]) {
        const res = await call(t, 'GET', url, auth);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('story_private');
      }
    }
  });

  it('lets only the author change chapters: 403 for others, 404 for their drafts, 401 for visitors', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story, chapters } = await storyWithChapters(author.auth);
    const draft = (
      await call(t, 'POST', '/chapters', author.auth, { story_id: story.id, content: '' })
    ).body.data;
    for (const [method, body] of [
      ['PATCH', { title: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const published = await call(t, method, `/chapters/${chapters[0]!.id}`, other.auth, body);
      expect(published.status).toBe(403);
      expect(published.body.message).toBe(STORY_MESSAGES.notYourStory);
      expect((await call(t, method, `/chapters/${draft.id}`, other.auth, body)).status).toBe(404);
      expect((await call(t, method, `/chapters/${chapters[0]!.id}`, undefined, body)).status).toBe(
        401,
      );
    }
    expect((await call(t, 'GET', `/chapters/${chapters[0]!.id}`)).body.data.title).toBe('A');
  });

  it('gives the table of contents the same chapters, drafts for the author only', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story } = await storyWithChapters(author.auth);
    await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Draft',
      content: '<p>wip</p>',
      order: 2,
    });
    const contents = (auth: { authorization: string } | undefined, query = '') =>
      call(t, 'GET', `/stories/${story.id}/chapters${query}`, auth);
    const names = (res: Awaited<ReturnType<typeof contents>>) =>
      res.body.data.map((c: { title: string }) => c.title);

    expect(names(await contents(author.auth, '?published_only=false'))).toEqual([
      'A',
      'Draft',
      'B',
      'C',
    ]);
    expect(names(await contents(author.auth))).toEqual(['A', 'B', 'C']);
    for (const auth of [undefined, other.auth]) {
      const listed = await contents(auth, '?published_only=false');
      expect(listed.status).toBe(200);
      expect(names(listed)).toEqual(['A', 'B', 'C']);
    }
  });

  it('hides the table of contents of a private story behind story_private', async () => {
    const author = await newUser();
    const other = await newUser();
    const { story } = await storyWithChapters(author.auth, 'private');
    for (const auth of [undefined, other.auth]) {
      const res = await call(t, 'GET', `/stories/${story.id}/chapters`, auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('story_private');
    }
    expect((await call(t, 'GET', `/stories/${story.id}/chapters`, author.auth)).status).toBe(200);
  });

  it('answers unknown and malformed chapter ids with 404', async () => {
    for (const id of ['0190a6a4-0000-7000-8000-000000000000', 'x']) {
      expect((await call(t, 'GET', `/chapters/${id}`)).status).toBe(404);
      expect((await call(t, 'GET', `/chapters/by-story/${id}`)).status).toBe(404);
      expect((await call(t, 'GET', `/stories/${id}/chapters`)).status).toBe(404);
    }
  });
});

describe('GET /stories/{id}/chapters', () => {
  it('lists each chapter in order with its title, number, date and words, never its text', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth, {
      chapters: [
        { title: 'Dusk', content: '<p>One two three.</p>' },
        { title: 'Night', content: '<p>Four <em>five</em> six seven.</p>' },
      ],
    });
    const res = await call(t, 'GET', `/stories/${story.id}/chapters`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        title: 'Dusk',
        order: 1,
        published: true,
        word_count: 3,
        published_at: story.published_at,
      },
      {
        id: expect.any(String),
        title: 'Night',
        order: 2,
        published: true,
        word_count: 4,
        published_at: story.published_at,
      },
    ]);
    const full = await chaptersOf(t, story.id, auth);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(full.map((c) => c.id));
  });

  it('follows renumbering, publishing and unpublishing', async () => {
    const { auth } = await newUser();
    const { story, chapters } = await storyWithChapters(auth);
    await call(t, 'PATCH', `/chapters/${chapters[2]!.id}`, auth, { order: 1 });
    await call(t, 'PATCH', `/chapters/${chapters[1]!.id}`, auth, { published: false });
    const visible = await call(t, 'GET', `/stories/${story.id}/chapters`);
    expect(
      visible.body.data.map((c: { title: string; order: number }) => `${c.order}:${c.title}`),
    ).toEqual(['1:C', '2:A']);
    const own = await call(t, 'GET', `/stories/${story.id}/chapters?published_only=false`, auth);
    expect(
      own.body.data.map((c: { title: string; published: boolean }) => `${c.title}:${c.published}`),
    ).toEqual(['C:true', 'A:true', 'B:false']);
  });
});
