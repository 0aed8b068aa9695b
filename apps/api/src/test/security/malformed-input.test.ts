import { existsSync, readdirSync } from 'node:fs';
import { MESSAGES, STORY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';
import { createUser } from '../factories.js';
import { multipart } from '../multipart.js';
import { createStory } from '../stories.js';
import { unreadableImages } from './multipart-fuzz.js';

/** Cases the fuzzer found answering 5xx or outside the envelope, kept as plain examples. */
let t: TestApp;
let auth: { authorization: string };
let storyId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ auth } = await createUser(t.testDb.db, t.config));
  storyId = (await createStory(t, auth)).id;
});
afterAll(() => t.close());

const form = '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--b--\r\n';
const storyCount = async () =>
  Number(
    (
      await t.testDb.db.kysely
        .selectFrom('stories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a multipart body that cannot be parsed', () => {
  const routes = [
    ['POST', '/api/stories'],
    ['PATCH', '/api/stories/:id/cover'],
    ['POST', '/api/users/me/profile-pic'],
    ['POST', '/api/auth/token'],
  ] as const;
  const bodies = [
    ['truncated', 'multipart/form-data; boundary=b', form.slice(0, 30)],
    ['with another boundary', 'multipart/form-data; boundary=other', form],
    ['with a 300-character boundary', `multipart/form-data; boundary=${'b'.repeat(300)}`, form],
  ] as const;
  for (const [method, path] of routes) {
    for (const [what, type, payload] of bodies) {
      it(`${method} ${path} ${what} is a 400 envelope and changes nothing`, async () => {
        const before = await storyCount();
        const res = await t.app.inject({
          method,
          url: path.replace(':id', storyId),
          headers: { ...auth, 'content-type': type },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          message: MESSAGES.invalidMultipart,
          error: { code: 'invalid_input' },
        });
        expect(await storyCount()).toBe(before);
      });
    }
  }
});

describe('an image file that cannot be read', () => {
  let images: Awaited<ReturnType<typeof unreadableImages>>;
  beforeAll(async () => {
    images = await unreadableImages();
  });
  const mediaFiles = () =>
    existsSync(t.config.mediaDir) ? readdirSync(t.config.mediaDir, { recursive: true }) : [];
  const uploads = [
    ['POST', '/api/stories', 'cover', { title: 'Uncovered', genre: 'Drama' }],
    ['PATCH', '/api/stories/:id/cover', 'cover', {}],
    ['POST', '/api/users/me/profile-pic', 'file', {}],
  ] as const;

  for (const [method, path, field, fields] of uploads) {
    it(`${method} ${path}: an empty, truncated or unreadable file is a 4xx envelope, creating nothing`, async () => {
      const answers = [];
      const expected = [];
      for (const [what, data] of Object.entries(images)) {
        const [stories, files] = [await storyCount(), mediaFiles().length];
        const form = multipart({
          ...fields,
          [field]: { filename: 'picture.jpg', contentType: 'image/jpeg', data },
        });
        const res = await t.app.inject({
          method,
          url: path.replace(':id', storyId),
          headers: { ...auth, ...form.headers },
          payload: form.payload,
        });
        answers.push({
          what,
          status: res.statusCode,
          body: res.json(),
          created: [(await storyCount()) - stories, mediaFiles().length - files],
        });
        expected.push({
          what,
          ...(data.length === 0
            ? {
                status: 400,
                body: {
                  success: false,
                  message: STORY_MESSAGES.fileRequired,
                  error: {
                    code: 'invalid_input',
                    details: { [field]: STORY_MESSAGES.fileRequired },
                  },
                },
              }
            : {
                status: 415,
                body: {
                  success: false,
                  message: STORY_MESSAGES.fileTypeNotSupported,
                  error: { code: 'unsupported_media_type' },
                },
              }),
          created: [0, 0],
        });
      }
      expect(answers).toEqual(expected);
    });
  }
});

describe('a URL the router cannot read', () => {
  it('answers a broken percent-escape with a 400 envelope that does not echo the path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/%zz<b>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: MESSAGES.invalidUrl,
      error: { code: 'invalid_input' },
    });
  });

  it('answers a path parameter longer than any id or name with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: MESSAGES.notFound,
      error: { code: 'not_found' },
    });
  });
});

describe('text with a NUL character (PostgreSQL cannot store it)', () => {
  const refused = (field: string) => ({
    success: false,
    message: MESSAGES.invalidInput,
    error: { code: 'invalid_input', details: { [field]: MESSAGES.nulCharacter } },
  });

  it('is refused in a path parameter, a JSON body and a form field alike', async () => {
    const chapterJson = JSON.stringify([{ title: 'One', content: '<p>a\u0000b</p>' }]);
    const multipartStory =
      `--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n` +
      `--b\r\nContent-Disposition: form-data; name="genre"\r\n\r\nDrama\r\n` +
      `--b\r\nContent-Disposition: form-data; name="chapters"\r\n\r\n${chapterJson}\r\n--b--\r\n`;
    const cases = [
      [{ method: 'GET', url: '/api/users/a%00b' }, 'username'],
      [{ method: 'PATCH', url: '/api/users/me', payload: { bio: 'a\u0000b' } }, 'bio'],
      [
        {
          method: 'POST',
          url: '/api/chapters',
          payload: { story_id: storyId, content: '<p>x\u0000</p>' },
        },
        'content',
      ],
      [
        {
          method: 'POST',
          url: '/api/stories',
          payload: multipartStory,
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        },
        'chapters',
      ],
    ] as const;
    const before = await storyCount();
    for (const [request, field] of cases) {
      const res = await t.app.inject({
        ...request,
        headers: { ...auth, ...('headers' in request ? request.headers : {}) },
      });
      expect({ url: request.url, status: res.statusCode, body: res.json() }).toEqual({
        url: request.url,
        status: 400,
        body: refused(field),
      });
    }
    expect(await storyCount()).toBe(before);
  });

  it('is still stripped from titles and tags, and never refused in a search', async () => {
    const story = await createStory(t, auth, { title: 'Nul\u0000l', tags: ['a\u0000b'] });
    expect([story.title, story.tags]).toEqual(['Null', ['ab']]);
    const res = await t.app.inject({ method: 'GET', url: '/api/stories/search?q=nu%00ll' });
    expect(res.statusCode).toBe(200);
  });
});
