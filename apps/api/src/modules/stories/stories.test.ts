import { LIMITS, MESSAGES, STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { call, chaptersOf, createStory, storyBody } from '../../test/stories.js';
import { TRENDING_WEIGHTS, trendingEvent } from './ranking.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
const storiesCount = async (userId: string) =>
  (
    await db()
      .selectFrom('users')
      .select('stories_count')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).stories_count;
const storyRow = (id: string) =>
  db().selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /stories/json', () => {
  it('creates a story with its chapters published, tags in order and the full payload', async () => {
    const { user, auth } = await newUser();
    const res = await call(t, 'POST', '/stories/json', auth, {
      ...storyBody({
        title: '  The Lantern Road  ',
        tags: [' quest ', 'Magic', 'magic', '', 'QUEST', 'night'],
      }),
      chapters: [
        { title: '', content: '<p>One <b>two</b></p>' },
        { content: '<p>   </p>' },
        { title: 'Later', content: '<p>three</p>' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(STORY_MESSAGES.storyCreated);
    const story = res.body.data;
    expect(story).toMatchObject({
      author_id: user.id,
      title: 'The Lantern Road',
      genre: 'Fantasy',
      tags: ['quest', 'Magic', 'night'],
      visibility: 'public',
      cover_image: null,
      cover_thumb: null,
      reads_count: 0,
      votes_count: 0,
      comments_count: 0,
      chapters_count: 2,
      settings: {
        allow_comments: true,
        mature_content: false,
        completion_status: 'ongoing',
        language: 'English',
        copyright: 'All Rights Reserved',
      },
      author: { id: user.id, username: user.username, profile_pic: null },
      is_liked: false,
      is_saved: false,
    });
    expect(story.published_at).toBe(story.created_at);
    expect(Object.keys(story)).not.toContain('popular_score');
    const chapters = await chaptersOf(t, story.id, auth);
    expect(chapters.map((c) => [c.title, c.order, c.published])).toEqual([
      ['Chapter 1', 1, true],
      ['Later', 2, true],
    ]);
    const tags = await db()
      .selectFrom('story_tags')
      .selectAll()
      .where('story_id', '=', story.id)
      .orderBy('position')
      .execute();
    expect(tags.map((r) => [r.tag, r.tag_key, r.position])).toEqual([
      ['quest', 'quest', 0],
      ['Magic', 'magic', 1],
      ['night', 'night', 2],
    ]);
    expect(await storiesCount(user.id)).toBe(1);
    const row = await storyRow(story.id);
    expect(row!.trending_score).toBeCloseTo(
      trendingEvent(TRENDING_WEIGHTS.publish, story.published_at),
      6,
    );
  });

  it('allows a story without chapters; chapters given must include one with content', async () => {
    const { auth } = await newUser();
    const bare = await call(t, 'POST', '/stories/json', auth, storyBody({ chapters: undefined }));
    expect(bare.status).toBe(201);
    expect(bare.body.data.chapters_count).toBe(0);
    for (const chapters of [[], [{ content: '<p> </p>' }, { content: '' }]]) {
      const res = await call(t, 'POST', '/stories/json', auth, storyBody({ chapters }));
      expect(res.status).toBe(400);
      expect(res.body.error.details.chapters).toBe(STORY_MESSAGES.contentRequired);
    }
  });

  it.each([
    [{ title: '   ' }, 'title', STORY_MESSAGES.titleRequired],
    [{ title: undefined }, 'title', STORY_MESSAGES.titleRequired],
    [{ title: 'x'.repeat(LIMITS.titleMax + 1) }, 'title', STORY_MESSAGES.titleMax],
    [{ genre: undefined }, 'genre', STORY_MESSAGES.genreRequired],
    [{ genre: 'Cooking' }, 'genre', STORY_MESSAGES.genreRequired],
    [
      { description: 'd'.repeat(LIMITS.descriptionMax + 1) },
      'description',
      STORY_MESSAGES.descriptionMax,
    ],
    [{ tags: ['x'.repeat(LIMITS.tagMax + 1)] }, 'tags', STORY_MESSAGES.tagMax],
    [
      { tags: Array.from({ length: LIMITS.tagsPerStory + 1 }, (_, i) => `t${i}`) },
      'tags',
      STORY_MESSAGES.tagsMax,
    ],
    [{ visibility: 'friends' }, 'visibility', STORY_MESSAGES.visibilityInvalid],
    [{ chapters: 'nope' }, 'chapters', STORY_MESSAGES.chaptersInvalid],
  ])(
    'rejects %o with the message under %s and stores nothing',
    async (overrides, field, message) => {
      const { user, auth } = await newUser();
      const res = await call(t, 'POST', '/stories/json', auth, storyBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.error.details[field]).toBe(message);
      const rows = await db()
        .selectFrom('stories')
        .select('id')
        .where('author_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(0);
    },
  );

  it('accepts the description at exactly 2000 characters and strips control characters', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth, {
      title: 'Bell\u0007 \u202Eflipped\u202C',
      description: `${'d'.repeat(LIMITS.descriptionMax - 2)}\r\nx`,
      tags: 'a\u0000b, c\td',
    });
    expect(story.title).toBe('Bell flipped');
    expect(story.description).toHaveLength(LIMITS.descriptionMax);
    expect(story.description.endsWith('\nx')).toBe(true);
    expect(story.tags).toEqual(['ab', 'c d']);
  });

  it('keeps a private story out of the author count and without a publication date', async () => {
    const { user, auth } = await newUser();
    const story = await createStory(t, auth, { visibility: 'private' });
    expect(story.published_at).toBeNull();
    expect(await storiesCount(user.id)).toBe(0);
    expect((await storyRow(story.id))!.trending_score).toBe(0);
  });

  it('is all or nothing: a chapter over the limit after valid ones stores no story', async () => {
    const { user, auth } = await newUser();
    const res = await call(t, 'POST', '/stories/json', auth, {
      ...storyBody({ title: 'Too long to keep' }),
      chapters: [
        { content: '<p>fine</p>' },
        { content: '<p>also fine</p>' },
        { content: `<p>${'x'.repeat(LIMITS.chapterContentMax)}</p>` },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.chapters).toBe(STORY_MESSAGES.chapterContentMax);
    expect(
      await db().selectFrom('stories').select('id').where('author_id', '=', user.id).execute(),
    ).toHaveLength(0);
    expect(await storiesCount(user.id)).toBe(0);
  });

  it('is all or nothing: a database failure while inserting chapters rolls the story back', async () => {
    await installChapterTrap();
    try {
      const { user, auth } = await newUser();
      const res = await call(t, 'POST', '/stories/json', auth, {
        ...storyBody({ title: 'Trapped' }),
        chapters: [
          { content: '<p>fine</p>' },
          { title: 'boom', content: '<p>fails in the database</p>' },
        ],
      });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/boom|insert|chapters/i);
      expect(
        await db().selectFrom('stories').select('id').where('author_id', '=', user.id).execute(),
      ).toHaveLength(0);
      expect(
        await db().selectFrom('stories').select('id').where('title', '=', 'Trapped').execute(),
      ).toHaveLength(0);
      expect(await storiesCount(user.id)).toBe(0);
    } finally {
      await removeChapterTrap();
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await call(t, 'POST', '/stories/json', undefined, storyBody());
    expect(res.status).toBe(401);
  });
});

describe('POST /stories (multipart)', () => {
  it('takes comma-joined tags and chapters as a JSON string', async () => {
    const { auth } = await newUser();
    const form = multipart({
      title: 'Form story',
      description: 'From the create page',
      genre: 'Young Adult',
      tags: 'one, Two ,two,,three',
      visibility: 'private',
      chapters: JSON.stringify([{ title: 'Start', content: '<p>Go</p>' }]),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: 'Form story',
      genre: 'Young Adult',
      tags: ['one', 'Two', 'three'],
      visibility: 'private',
      chapters_count: 1,
    });
  });

  it('validates form fields like JSON ones', async () => {
    const { auth } = await newUser();
    const form = multipart({ title: ' ', genre: 'Fantasy' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.title).toBe(STORY_MESSAGES.titleRequired);
  });
});

describe('GET /stories/{id}', () => {
  it('shows a public story to visitors and adds the caller flags for signed-in readers', async () => {
    const author = await newUser();
    const reader = await newUser();
    const story = await createStory(t, author.auth);
    const now = new Date().toISOString();
    await db()
      .insertInto('likes')
      .values({ user_id: reader.user.id, story_id: story.id, created_at: now })
      .execute();
    await db()
      .insertInto('follows')
      .values({ follower_id: reader.user.id, followee_id: author.user.id, created_at: now })
      .execute();

    const visitor = await call(t, 'GET', `/stories/${story.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).not.toHaveProperty('is_liked');
    expect(visitor.body.data).not.toHaveProperty('is_following_author');

    const signedIn = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(signedIn.body.data).toMatchObject({
      is_liked: true,
      is_saved: false,
      is_following_author: true,
    });
    const own = await call(t, 'GET', `/stories/${story.id}`, author.auth);
    expect(own.body.data).toMatchObject({ is_liked: false, is_following_author: false });
  });

  it('answers anyone but the author of a private story with story_private and no story fields', async () => {
    const author = await newUser();
    const other = await newUser();
    const story = await createStory(t, author.auth, {
      visibility: 'private',
      title: 'Secret diary',
    });
    for (const auth of [undefined, other.auth]) {
      const res = await call(t, 'GET', `/stories/${story.id}`, auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        message: MESSAGES.storyPrivate,
        error: { code: 'story_private' },
      });
    }
    expect((await call(t, 'GET', `/stories/${story.id}`, author.auth)).body.data.title).toBe(
      'Secret diary',
    );
  });

  it('answers unknown and malformed ids with a plain 404', async () => {
    for (const id of ['0190a6a4-0000-7000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await call(t, 'GET', `/stories/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        message: MESSAGES.storyNotFound,
        error: { code: 'not_found' },
      });
    }
  });
});

/** A trigger that fails inserting a chapter titled 'boom': a real failure mid-transaction. */
async function installChapterTrap() {
  const { sql } = await import('kysely');
  if (t.testDb.db.dialect === 'sqlite') {
    await sql`create trigger chapter_trap before insert on chapters when new.title = 'boom'
      begin select raise(abort, 'boom'); end`.execute(db());
  } else {
    await sql`create function chapter_trap() returns trigger language plpgsql as $$
      begin if new.title = 'boom' then raise exception 'boom'; end if; return new; end $$`.execute(
      db(),
    );
    await sql`create trigger chapter_trap before insert on chapters for each row execute function chapter_trap()`.execute(
      db(),
    );
  }
}

async function removeChapterTrap() {
  const { sql } = await import('kysely');
  if (t.testDb.db.dialect === 'sqlite') {
    await sql`drop trigger chapter_trap`.execute(db());
  } else {
    await sql`drop trigger chapter_trap on chapters`.execute(db());
    await sql`drop function chapter_trap()`.execute(db());
  }
}
