import { COMMENT_LIMITS, COMMENT_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { counterMismatches } from '../../test/social.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  // Many writers from one address: the limits have their own test below.
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const newUser = () => createUser(t.testDb.db, t.config);

const PARAGRAPHS = [
  '<p>The tide came in at dusk.</p>',
  '<p>Mira lit the first lantern on the pier.</p>',
  '<blockquote>Keep the light, keep the way.</blockquote>',
  '<p>Nobody answered from the water.</p>',
];

/** A public story of one published chapter of four paragraphs, and that chapter's id. */
async function storyWithChapter(author: Auth, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, author, {
    chapters: [{ title: 'Lanterns', content: PARAGRAPHS.join('') }],
    ...overrides,
  });
  const [chapter] = await chaptersOf(t, story.id, author);
  return { story, chapterId: chapter!.id };
}

const post = (auth: Auth | undefined, chapterId: string, payload: Record<string, unknown>) =>
  call(t, 'POST', `/chapters/${chapterId}/comments`, auth, payload);
const thread = (auth: Auth | undefined, chapterId: string, query = '') =>
  call(t, 'GET', `/chapters/${chapterId}/comments${query}`, auth);
const counts = (auth: Auth | undefined, chapterId: string) =>
  call(t, 'GET', `/chapters/${chapterId}/comment-counts`, auth);
const storyCount = async (storyId: string) =>
  (await call(t, 'GET', `/stories/${storyId}`)).body.data.comments_count as number;
const rowsOf = (chapterId: string) =>
  t.testDb.db.kysely
    .selectFrom('comments')
    .selectAll()
    .where('chapter_id', '=', chapterId)
    .execute();

describe('comments on a chapter', () => {
  it('posts, lists for visitors newest, oldest or most liked first, and counts on the story', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);

    const first = await post(reader.auth, chapterId, { body: '  Loved the pier.\r\nMore!  ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(COMMENT_MESSAGES.posted);
    expect(first.body.data).toMatchObject({
      chapter_id: chapterId,
      author: { id: reader.user.id, username: reader.user.username },
      body: 'Loved the pier.\nMore!',
      paragraph: null,
      paragraph_removed: false,
      parent_id: null,
      replies_count: 0,
      likes_count: 0,
      is_liked: false,
      is_mine: true,
      can_delete: true,
      edited_at: null,
      deleted: false,
    });
    const second = await post(author.auth, chapterId, { body: 'Thank you for reading' });
    await call(t, 'POST', `/comments/${first.body.data.id}/like`, author.auth);

    const order = async (sort: string) =>
      (await thread(undefined, chapterId, `?sort=${sort}`)).body.data.items.map(
        (c: { id: string }) => c.id,
      );
    expect(await order('newest')).toEqual([second.body.data.id, first.body.data.id]);
    expect(await order('oldest')).toEqual([first.body.data.id, second.body.data.id]);
    expect(await order('top')).toEqual([first.body.data.id, second.body.data.id]);

    const visitor = await thread(undefined, chapterId);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ total: 2, page: 1, limit: 20, allow_comments: true });
    expect(visitor.body.data.items[1]).toMatchObject({
      is_liked: false,
      is_mine: false,
      can_delete: false,
      likes_count: 1,
    });
    // The story's author may delete any comment on it.
    expect((await thread(author.auth, chapterId)).body.data.items[1].can_delete).toBe(true);

    const paged = await thread(undefined, chapterId, '?limit=1&page=2');
    expect(paged.body.data.items.map((c: { id: string }) => c.id)).toEqual([first.body.data.id]);
    expect(await storyCount(story.id)).toBe(2);
    expect((await counts(undefined, chapterId)).body.data).toEqual({ paragraphs: [], chapter: 2 });
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('refuses bad input with details and stores nothing', async () => {
    const author = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const other = await storyWithChapter(author.auth);
    const parent = await post(author.auth, chapterId, { body: 'A top-level comment' });
    const reply = await post(author.auth, chapterId, {
      body: 'A reply',
      parent_id: parent.body.data.id,
    });
    const before = (await rowsOf(chapterId)).length;

    const cases: [Record<string, unknown>, string, string][] = [
      [{ body: '   \n ' }, 'body', COMMENT_MESSAGES.bodyRequired],
      [{ body: 'x'.repeat(COMMENT_LIMITS.bodyMax + 1) }, 'body', COMMENT_MESSAGES.bodyMax],
      [{}, 'body', COMMENT_MESSAGES.bodyRequired],
      [
        { body: 'Deeper', parent_id: reply.body.data.id },
        'parent_id',
        COMMENT_MESSAGES.replyToReply,
      ],
      [
        { body: 'Lost', parent_id: '0190a0a0-0000-7000-8000-000000000000' },
        'parent_id',
        COMMENT_MESSAGES.commentNotFound,
      ],
      [{ body: 'Which?', paragraph: 4 }, 'paragraph', COMMENT_MESSAGES.paragraphMissing],
      [{ body: 'Which?', paragraph: -1 }, 'paragraph', COMMENT_MESSAGES.paragraphMissing],
      [{ body: 'Which?', paragraph: 1.5 }, 'paragraph', COMMENT_MESSAGES.paragraphMissing],
      [
        { body: 'Here', parent_id: parent.body.data.id, paragraph: 0 },
        'paragraph',
        COMMENT_MESSAGES.paragraphOfReply,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(author.auth, chapterId, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.details[field]).toEqual(message);
    }
    const across = await post(author.auth, other.chapterId, {
      body: 'Across',
      parent_id: parent.body.data.id,
    });
    expect(across.status).toBe(400);
    expect(across.body.error.details.parent_id).toBe(COMMENT_MESSAGES.replyElsewhere);

    expect((await post(undefined, chapterId, { body: 'Visitor' })).status).toBe(401);
    expect((await post(author.auth, 'not-an-id', { body: 'Nowhere' })).status).toBe(404);
    const page = await thread(undefined, chapterId, '?paragraph=9');
    expect(page.status).toBe(400);
    expect(page.body.error.details.paragraph).toBe(COMMENT_MESSAGES.paragraphMissing);
    expect((await thread(undefined, chapterId, '?sort=loudest')).status).toBe(400);

    expect((await rowsOf(chapterId)).length).toBe(before);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('keeps text clean: bidi overrides go, invisible-only text is blank, positions are plain numbers', async () => {
    const author = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const made = await post(author.auth, chapterId, { body: 'Read \u202Ethis\u202C twice' });
    expect(made.body.data.body).toBe('Read this twice');
    const invisible = await post(author.auth, chapterId, { body: '\u200B\u200B \uFEFF' });
    expect(invisible.status).toBe(400);
    expect(invisible.body.error.details.body).toBe(COMMENT_MESSAGES.bodyRequired);
    for (const paragraph of [true, '1', [1], '']) {
      const res = await post(author.auth, chapterId, {
        body: `At ${String(paragraph)}?`,
        paragraph,
      });
      expect(res.status, JSON.stringify(paragraph)).toBe(400);
    }
    for (const query of ['?paragraph=', '?paragraph=-1', '?paragraph=0x1', '?paragraph=1.0']) {
      expect((await thread(undefined, chapterId, query)).status, query).toBe(400);
    }
    expect((await rowsOf(chapterId)).length).toBe(1);
  });

  it('refuses a paragraph comment from a page older than the chapter, and says nothing of hidden comments', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const seen = (await call(t, 'GET', `/chapters/${chapterId}`, reader.auth)).body.data;
    const fresh = await post(reader.auth, chapterId, {
      body: 'On the lantern',
      paragraph: 1,
      chapter_updated_at: seen.updated_at,
    });
    expect(fresh.status).toBe(201);
    await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, {
      content: `<p>A new first line.</p>${PARAGRAPHS.join('')}`,
    });
    const stale = await post(reader.auth, chapterId, {
      body: 'On the lantern again',
      paragraph: 1,
      chapter_updated_at: seen.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.paragraph).toBe(COMMENT_MESSAGES.chapterChanged);
    expect((await rowsOf(chapterId)).length).toBe(1);

    // A reply naming a comment of a private story learns only that there is no such comment.
    const hidden = await storyWithChapter(author.auth, { visibility: 'private' });
    const secret = await post(author.auth, hidden.chapterId, { body: 'Private note' });
    const probe = await post(reader.auth, chapterId, {
      body: 'Probe',
      parent_id: secret.body.data.id,
    });
    expect(probe.status).toBe(400);
    expect(probe.body.error.details.parent_id).toBe(COMMENT_MESSAGES.commentNotFound);
  });

  it('refuses the same text from the same account twice in a minute', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    expect((await post(reader.auth, chapterId, { body: 'First!' })).status).toBe(201);
    const again = await post(reader.auth, chapterId, { body: ' First! ' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COMMENT_MESSAGES.duplicate);
    // Someone else may say the same.
    expect((await post(author.auth, chapterId, { body: 'First!' })).status).toBe(201);
    expect((await rowsOf(chapterId)).length).toBe(2);
  });
});

describe('comments on paragraphs', () => {
  it('counts per paragraph, lists each paragraph’s thread, and keeps the comment on its text across edits', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);

    const onLantern = await post(reader.auth, chapterId, { body: 'The lantern!', paragraph: 1 });
    expect(onLantern.status).toBe(201);
    expect(onLantern.body.data).toMatchObject({
      paragraph: 1,
      paragraph_excerpt: 'Mira lit the first lantern on the pier.',
    });
    await post(reader.auth, chapterId, { body: 'So quiet.', paragraph: 3 });
    await post(author.auth, chapterId, { body: 'Yes, quiet.', paragraph: 3 });
    await post(reader.auth, chapterId, { body: 'On the whole chapter' });

    expect((await counts(undefined, chapterId)).body.data).toEqual({
      paragraphs: [
        { paragraph: 1, count: 1 },
        { paragraph: 3, count: 2 },
      ],
      chapter: 1,
    });
    const third = await thread(undefined, chapterId, '?paragraph=3&sort=oldest');
    expect(third.body.data.items.map((c: { body: string }) => c.body)).toEqual([
      'So quiet.',
      'Yes, quiet.',
    ]);
    expect((await thread(undefined, chapterId, '?paragraph=0')).body.data.total).toBe(0);
    expect((await thread(undefined, chapterId)).body.data.total).toBe(1);

    // A paragraph inserted above, and a typo fixed in the commented one: still on its text.
    const edited = [
      '<p>A new opening line.</p>',
      PARAGRAPHS[0],
      '<p>Mira lit the first lantern on the old pier.</p>',
      PARAGRAPHS[2],
      PARAGRAPHS[3],
    ].join('');
    expect(
      (await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { content: edited })).status,
    ).toBe(200);
    expect((await counts(undefined, chapterId)).body.data).toEqual({
      paragraphs: [
        { paragraph: 2, count: 1 },
        { paragraph: 4, count: 2 },
      ],
      chapter: 1,
    });
    const moved = await thread(undefined, chapterId, '?paragraph=2');
    expect(moved.body.data.items[0]).toMatchObject({ id: onLantern.body.data.id, paragraph: 2 });

    // The paragraph deleted: its comments join the chapter-level thread with their excerpt.
    const without = [
      '<p>A new opening line.</p>',
      PARAGRAPHS[0],
      PARAGRAPHS[2],
      PARAGRAPHS[3],
    ].join('');
    await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { content: without });
    const chapterLevel = await thread(undefined, chapterId, '?sort=oldest');
    expect(chapterLevel.body.data.total).toBe(2);
    expect(chapterLevel.body.data.items[0]).toMatchObject({
      id: onLantern.body.data.id,
      paragraph: null,
      paragraph_removed: true,
      paragraph_excerpt: 'Mira lit the first lantern on the pier.',
    });
    expect((await counts(undefined, chapterId)).body.data).toEqual({
      paragraphs: [{ paragraph: 3, count: 2 }],
      chapter: 2,
    });
    // Nothing was lost from the story's count.
    expect(await storyCount(story.id)).toBe(4);
  });

  it('gives a chapter saved before comments existed its keys at its first paragraph comment', async () => {
    const author = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    await t.testDb.db.kysely
      .updateTable('chapters')
      .set({ paragraph_keys: null })
      .where('id', '=', chapterId)
      .execute();
    expect((await thread(undefined, chapterId, '?paragraph=2')).body.data.total).toBe(0);
    expect((await post(author.auth, chapterId, { body: 'Here', paragraph: 2 })).status).toBe(201);
    const stored = await t.testDb.db.kysely
      .selectFrom('chapters')
      .select('paragraph_keys')
      .where('id', '=', chapterId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.paragraph_keys!)).toHaveLength(4);
    expect((await counts(undefined, chapterId)).body.data.paragraphs).toEqual([
      { paragraph: 2, count: 1 },
    ]);
  });
});

describe('replies, edits, deletions and likes', () => {
  it('replies one level deep, oldest first, in the parent’s paragraph', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const parent = await post(reader.auth, chapterId, { body: 'Who is Mira?', paragraph: 1 });
    const a = await post(author.auth, chapterId, {
      body: 'You will see.',
      parent_id: parent.body.data.id,
    });
    expect(a.status).toBe(201);
    expect(a.body.message).toBe(COMMENT_MESSAGES.replied);
    expect(a.body.data).toMatchObject({ parent_id: parent.body.data.id, paragraph: 1 });
    await post(reader.auth, chapterId, { body: 'Ok!', parent_id: parent.body.data.id });

    const replies = await call(t, 'GET', `/comments/${parent.body.data.id}/replies`);
    expect(replies.status).toBe(200);
    expect(replies.body.data.total).toBe(2);
    expect(replies.body.data.items.map((c: { body: string }) => c.body)).toEqual([
      'You will see.',
      'Ok!',
    ]);
    const top = await thread(undefined, chapterId, '?paragraph=1');
    expect(top.body.data.items).toHaveLength(1);
    expect(top.body.data.items[0].replies_count).toBe(2);
    expect((await counts(undefined, chapterId)).body.data.paragraphs).toEqual([
      { paragraph: 1, count: 1 },
    ]);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('edits only one’s own comment, marked edited; an unchanged text is no edit', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const made = await post(reader.auth, chapterId, { body: 'Typo hre' });
    const id = made.body.data.id;
    const same = await call(t, 'PATCH', `/comments/${id}`, reader.auth, { body: 'Typo hre' });
    expect(same.body.data.edited_at).toBeNull();
    const fixed = await call(t, 'PATCH', `/comments/${id}`, reader.auth, { body: 'Typo here' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.message).toBe(COMMENT_MESSAGES.edited);
    expect(fixed.body.data).toMatchObject({ body: 'Typo here' });
    expect(fixed.body.data.edited_at).not.toBeNull();
    const byAuthor = await call(t, 'PATCH', `/comments/${id}`, author.auth, { body: 'Mine now' });
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.message).toBe(COMMENT_MESSAGES.notYourComment);
    const blank = await call(t, 'PATCH', `/comments/${id}`, reader.auth, { body: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details.body).toBe(COMMENT_MESSAGES.bodyRequired);
    expect((await call(t, 'PATCH', `/comments/${id}`, undefined, { body: 'x' })).status).toBe(401);
    const [row] = await rowsOf(chapterId);
    expect(row!.body).toBe('Typo here');
  });

  it('deletes: a comment with replies stays as a placeholder until its last reply goes; the story’s author may delete any', async () => {
    const author = await newUser();
    const reader = await newUser();
    const stranger = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);
    const parent = await post(reader.auth, chapterId, { body: 'Parent' });
    const reply = await post(stranger.auth, chapterId, {
      body: 'Reply',
      parent_id: parent.body.data.id,
    });
    const lone = await post(reader.auth, chapterId, { body: 'Lone' });
    expect(await storyCount(story.id)).toBe(3);

    const refused = await call(t, 'DELETE', `/comments/${parent.body.data.id}`, stranger.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(COMMENT_MESSAGES.cannotDelete);

    const kept = await call(t, 'DELETE', `/comments/${parent.body.data.id}`, reader.auth);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual({ id: parent.body.data.id, placeholder: true });
    const listed = await thread(undefined, chapterId, '?sort=oldest');
    expect(listed.body.data.items[0]).toMatchObject({
      id: parent.body.data.id,
      deleted: true,
      author: null,
      body: '',
      replies_count: 1,
    });
    expect(await storyCount(story.id)).toBe(2);
    expect((await call(t, 'DELETE', `/comments/${parent.body.data.id}`, reader.auth)).status).toBe(
      404,
    );
    expect(
      (await post(stranger.auth, chapterId, { body: 'Late', parent_id: parent.body.data.id })).body
        .error.details.parent_id,
    ).toBe(COMMENT_MESSAGES.replyToDeleted);

    // The story's author removes someone else's reply: the placeholder goes with it.
    const gone = await call(t, 'DELETE', `/comments/${reply.body.data.id}`, author.auth);
    expect(gone.body.data).toEqual({ id: reply.body.data.id, placeholder: false });
    expect((await rowsOf(chapterId)).map((row) => row.id)).toEqual([lone.body.data.id]);
    expect((await call(t, 'DELETE', `/comments/${lone.body.data.id}`, author.auth)).status).toBe(
      200,
    );
    expect(await storyCount(story.id)).toBe(0);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('counts a comment deleted twice at once, or deleted while replied to and liked, once', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    for (let round = 0; round < 5; round += 1) {
      await call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { published: true });
      const parent = await post(reader.auth, chapterId, { body: `Parent ${round}` });
      const id = parent.body.data.id;
      const answers = await Promise.all([
        call(t, 'DELETE', `/comments/${id}`, reader.auth),
        call(t, 'DELETE', `/comments/${id}`, author.auth),
        post(author.auth, chapterId, { body: `Late reply ${round}`, parent_id: id }),
        call(t, 'POST', `/comments/${id}/like`, author.auth),
        call(t, 'PATCH', `/chapters/${chapterId}`, author.auth, { published: round % 2 === 0 }),
      ]);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(answers.slice(0, 2).filter((a) => a.status === 200)).toHaveLength(1);
      expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
    }
  });

  it('likes are idempotent, and a deleted comment cannot be liked', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const made = await post(author.auth, chapterId, { body: 'Welcome' });
    const id = made.body.data.id;
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t, 'POST', `/comments/${id}/like`, reader.auth);
      expect(res.body.data).toEqual({ liked: true, likes_count: 1 });
    }
    expect((await thread(reader.auth, chapterId)).body.data.items[0].is_liked).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t, 'DELETE', `/comments/${id}/like`, reader.auth);
      expect(res.body.data).toEqual({ liked: false, likes_count: 0 });
    }
    expect((await call(t, 'POST', `/comments/${id}/like`, undefined)).status).toBe(401);
    await call(t, 'DELETE', `/comments/${id}`, author.auth);
    expect((await call(t, 'POST', `/comments/${id}/like`, reader.auth)).status).toBe(404);
  });

  it('keeps every counter equal to its rows under 40 concurrent writers', async () => {
    const author = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);
    const parent = await post(author.auth, chapterId, { body: 'Talk here' });
    const other = await post(author.auth, chapterId, { body: 'Toggle me' });
    const writers = await Promise.all(Array.from({ length: 40 }, newUser));
    const like = (auth: Auth, id: string, on: boolean) =>
      call(t, on ? 'POST' : 'DELETE', `/comments/${id}/like`, auth);
    // Forty writers at once, each going through its own actions one after another.
    const perWriter = await Promise.all(
      writers.map(async (writer, i) => {
        const answers = [];
        for (const action of [
          () => post(writer.auth, chapterId, { body: `Comment ${i}`, paragraph: i % 4 }),
          () =>
            post(writer.auth, chapterId, { body: `Reply ${i}`, parent_id: parent.body.data.id }),
          () => like(writer.auth, parent.body.data.id, true),
          () => like(writer.auth, other.body.data.id, true),
          () => like(writer.auth, other.body.data.id, i % 2 === 0),
        ]) {
          answers.push(await action());
        }
        return answers;
      }),
    );
    const results = perWriter.flat();
    expect(results.filter((r) => r.status >= 300).map((r) => r.body)).toEqual([]);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
    expect(await storyCount(story.id)).toBe(82);
    const first = (await thread(undefined, chapterId, '?sort=oldest')).body.data.items[0];
    expect(first).toMatchObject({ id: parent.body.data.id, replies_count: 40, likes_count: 40 });
  });
});

describe('who sees what', () => {
  it('hides comments of a private story and of an unpublished chapter from everyone but the author, by every path', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);
    const made = await post(reader.auth, chapterId, { body: 'Before it went private' });
    const id = made.body.data.id;
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'private' });

    for (const auth of [undefined, reader.auth]) {
      expect((await thread(auth, chapterId)).status).toBe(404);
      expect((await counts(auth, chapterId)).status).toBe(404);
      expect((await call(t, 'GET', `/comments/${id}/replies`, auth)).status).toBe(404);
    }
    for (const [method, url, payload] of [
      ['PATCH', `/comments/${id}`, { body: 'Edited' }],
      ['DELETE', `/comments/${id}`, undefined],
      ['POST', `/comments/${id}/like`, undefined],
      ['POST', `/chapters/${chapterId}/comments`, { body: 'Hello?' }],
    ] as const) {
      const res = await call(t, method, url, reader.auth, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Before it went private');
    }
    expect((await thread(author.auth, chapterId)).body.data.total).toBe(1);

    // A draft chapter: its author may talk to themselves; it does not count on the story.
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'public' });
    const draft = await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Draft',
      content: '<p>Not yet.</p>',
      published: false,
    });
    const draftId = draft.body.data.id;
    expect((await post(author.auth, draftId, { body: 'Note to self' })).status).toBe(201);
    expect((await thread(reader.auth, draftId)).status).toBe(404);
    expect((await post(reader.auth, draftId, { body: 'Sneak' })).status).toBe(404);
    expect(await storyCount(story.id)).toBe(1);
    await call(t, 'PATCH', `/chapters/${draftId}`, author.auth, { published: true });
    expect(await storyCount(story.id)).toBe(2);
    await call(t, 'PATCH', `/chapters/${draftId}`, author.auth, { published: false });
    expect(await storyCount(story.id)).toBe(1);
    await call(t, 'DELETE', `/chapters/${chapterId}`, author.auth);
    expect(await storyCount(story.id)).toBe(0);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('stops new comments and replies when Allow Comments is off, and still shows the old ones', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);
    const made = await post(reader.auth, chapterId, { body: 'Made while open' });
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { allow_comments: false });
    for (const payload of [{ body: 'New' }, { body: 'Reply', parent_id: made.body.data.id }]) {
      for (const who of [reader, author]) {
        const res = await post(who.auth, chapterId, payload);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(COMMENT_MESSAGES.commentsOff);
      }
    }
    const listed = await thread(undefined, chapterId);
    expect(listed.body.data).toMatchObject({ total: 1, allow_comments: false });
    expect((await rowsOf(chapterId)).length).toBe(1);
  });

  it('keeps a deleted account’s comments in their place as [deleted account], and their likes out of the counts', async () => {
    const author = await newUser();
    const leaving = await newUser();
    const { chapterId } = await storyWithChapter(author.auth);
    const parent = await post(author.auth, chapterId, { body: 'Thoughts?' });
    await post(leaving.auth, chapterId, { body: 'Beautiful', parent_id: parent.body.data.id });
    await call(t, 'POST', `/comments/${parent.body.data.id}/like`, leaving.auth);
    expect(
      (await call(t, 'DELETE', '/users/me', leaving.auth, { password: TEST_PASSWORD })).status,
    ).toBe(200);
    const replies = await call(t, 'GET', `/comments/${parent.body.data.id}/replies`);
    expect(replies.body.data.items[0]).toMatchObject({
      author: null,
      body: 'Beautiful',
      deleted: false,
    });
    const top = (await thread(undefined, chapterId)).body.data.items[0];
    expect(top).toMatchObject({ likes_count: 0, replies_count: 1 });
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
  });

  it('puts the user’s own comments in their data export, without a private story’s text', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyWithChapter(author.auth);
    await post(reader.auth, chapterId, { body: 'Exported words', paragraph: 0 });
    // The export is the file itself, not an envelope.
    const exported = await call(t, 'GET', '/users/me/export', reader.auth);
    expect(exported.body.comments).toEqual([
      expect.objectContaining({
        story_id: story.id,
        title: story.title,
        chapter_id: chapterId,
        parent_id: null,
        body: 'Exported words',
        paragraph_excerpt: 'The tide came in at dusk.',
      }),
    ]);
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'private' });
    const later = await call(t, 'GET', '/users/me/export', reader.auth);
    const hidden = later.body.comments[0];
    expect(hidden).toMatchObject({
      title: null,
      author: null,
      paragraph_excerpt: null,
      body: 'Exported words',
    });
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  it('limits posting per account', async () => {
    const author = await createUser(limited.testDb.db, limited.config);
    const story = await createStory(limited, author.auth);
    const [chapter] = await chaptersOf(limited, story.id, author.auth);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(limited, 'POST', `/chapters/${chapter!.id}/comments`, author.auth, {
        body: `Number ${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
