import { LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { call, createStory, storyBody } from '../../test/stories.js';
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

describe('PATCH /stories/{id}', () => {
  it('updates details, replaces tags and stores the edit-form settings', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const res = await call(t, 'PATCH', `/stories/${story.id}`, auth, {
      title: 'Renamed',
      description: null,
      genre: 'Literary Fiction',
      tags: ['New', 'new', 'Other'],
      allow_comments: false,
      settings: { mature_content: true, language: 'French', completion_status: 'completed' },
      copyright: 'Public Domain',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(STORY_MESSAGES.storyUpdated);
    expect(res.body.data).toMatchObject({
      title: 'Renamed',
      description: '',
      genre: 'Literary Fiction',
      tags: ['New', 'Other'],
      settings: {
        allow_comments: false,
        mature_content: true,
        completion_status: 'completed',
        language: 'French',
        copyright: 'Public Domain',
      },
    });
    expect(res.body.data.updated_at >= story.updated_at).toBe(true);
    const reloaded = await call(t, 'GET', `/stories/${story.id}`, auth);
    expect(reloaded.body.data.settings.language).toBe('French');
  });

  it('rejects bad values and changes nothing', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ genre: 'Unknown' }, 'genre'],
      [{ description: 'x'.repeat(LIMITS.descriptionMax + 1) }, 'description'],
      [{ language: 'Klingon' }, 'language'],
      [{ title: 'ok', tags: ['y'.repeat(LIMITS.tagMax + 1)] }, 'tags'],
    ] as const) {
      const res = await call(t, 'PATCH', `/stories/${story.id}`, auth, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toHaveProperty(field);
    }
    expect((await call(t, 'GET', `/stories/${story.id}`, auth)).body.data).toMatchObject({
      title: story.title,
      tags: story.tags,
    });
  });

  it('keeps stories_count and published_at right across visibility changes', async () => {
    const { user, auth } = await newUser();
    const story = await createStory(t, auth, { visibility: 'private' });
    expect(await storiesCount(user.id)).toBe(0);

    const published = await call(t, 'PATCH', `/stories/${story.id}`, auth, {
      visibility: 'public',
    });
    const firstPublished = published.body.data.published_at;
    expect(firstPublished).not.toBeNull();
    expect(await storiesCount(user.id)).toBe(1);
    expect((await storyRow(story.id))!.trending_score).toBeCloseTo(
      trendingEvent(TRENDING_WEIGHTS.publish, firstPublished),
      6,
    );

    await call(t, 'PATCH', `/stories/${story.id}`, auth, { visibility: 'public' });
    expect(await storiesCount(user.id)).toBe(1);
    await call(t, 'PATCH', `/stories/${story.id}`, auth, { visibility: 'private' });
    expect(await storiesCount(user.id)).toBe(0);
    const again = await call(t, 'PATCH', `/stories/${story.id}`, auth, { visibility: 'public' });
    expect(again.body.data.published_at).toBe(firstPublished);
    expect(await storiesCount(user.id)).toBe(1);

    expect((await call(t, 'DELETE', `/stories/${story.id}`, auth)).status).toBe(200);
    expect(await storiesCount(user.id)).toBe(0);
  });
});

describe('DELETE /stories/{id}', () => {
  it('moves the story, with its chapters and tags kept for a restore, to Recently deleted', async () => {
    const { user, auth } = await newUser();
    const story = await createStory(t, auth);
    const res = await call(t, 'DELETE', `/stories/${story.id}`, auth);
    expect(res.body).toEqual({ success: true, data: null, message: STORY_MESSAGES.storyDeleted });
    expect(await storyRow(story.id)).toMatchObject({
      visibility: 'private',
      visibility_before_deleted: 'public',
    });
    expect((await storyRow(story.id))?.deleted_at).not.toBeNull();
    expect(
      await db().selectFrom('chapters').select('id').where('story_id', '=', story.id).execute(),
    ).toHaveLength(1);
    expect(
      await db().selectFrom('story_tags').select('tag').where('story_id', '=', story.id).execute(),
    ).toHaveLength(2);
    expect(await storiesCount(user.id)).toBe(0);
    expect((await call(t, 'GET', `/stories/${story.id}`, auth)).status).toBe(404);
  });

  it('deleting a private story leaves the public count alone', async () => {
    const { user, auth } = await newUser();
    await createStory(t, auth);
    const hidden = await createStory(t, auth, { visibility: 'private' });
    await call(t, 'DELETE', `/stories/${hidden.id}`, auth);
    expect(await storiesCount(user.id)).toBe(1);
  });
});

describe('only the author changes a story', () => {
  const writes = (id: string) =>
    [
      ['PATCH', `/stories/${id}`, { title: 'Hijacked' }],
      ['DELETE', `/stories/${id}/cover`, undefined],
      ['DELETE', `/stories/${id}`, undefined],
      ['POST', '/chapters', { story_id: id, content: '<p>x</p>' }],
    ] as const;

  it('another user gets 403 on a public story and 404 story_private on a private one; a visitor 401', async () => {
    const author = await newUser();
    const other = await newUser();
    const open = await createStory(t, author.auth);
    const hidden = await createStory(t, author.auth, { visibility: 'private' });
    for (const [method, url, body] of writes(open.id)) {
      const asOther = await call(t, method, url, other.auth, body);
      expect(asOther.status, `${method} ${url}`).toBe(403);
      expect(asOther.body.message).toBe(STORY_MESSAGES.notYourStory);
      expect((await call(t, method, url, undefined, body)).status).toBe(401);
    }
    for (const [method, url, body] of writes(hidden.id)) {
      const asOther = await call(t, method, url, other.auth, body);
      expect(asOther.status, `${method} ${url}`).toBe(404);
      expect(asOther.body.error.code).toBe('story_private');
      expect(asOther.body).not.toHaveProperty('data');
    }
    const cover = multipart({
      cover: { filename: 'c.png', contentType: 'image/png', data: Buffer.from('x') },
    });
    const upload = await t.app.inject({
      method: 'PATCH',
      url: `/api/stories/${open.id}/cover`,
      headers: { ...other.auth, ...cover.headers },
      payload: cover.payload,
    });
    expect(upload.statusCode).toBe(403);
    expect((await call(t, 'GET', `/stories/${open.id}`)).body.data.title).toBe(open.title);
    expect((await call(t, 'GET', `/stories/${hidden.id}`, author.auth)).status).toBe(200);
  });
});

describe('limits and documentation', () => {
  it('rate-limits writes per user (60 a minute)', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      statuses.push(
        (await call(t, 'PATCH', `/stories/${story.id}`, auth, { title: `T${i}` })).status,
      );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const limited = await call(t, 'PATCH', `/stories/${story.id}`, auth, { title: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await newUser();
    expect((await call(t, 'POST', '/stories/json', other.auth, storyBody())).status).toBe(201);
  });

  it('publishes every route in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/stories',
      '/api/stories/json',
      '/api/stories/{id}',
      '/api/stories/{id}/cover',
      '/api/chapters',
      '/api/chapters/{id}',
      '/api/chapters/by-story/{id}',
      '/api/stories/{id}/chapters',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
    expect(spec.components.schemas.Story.properties).toHaveProperty('cover_thumb');
    expect(spec.components.schemas.ChapterSummary.properties).not.toHaveProperty('content');
  });
});
