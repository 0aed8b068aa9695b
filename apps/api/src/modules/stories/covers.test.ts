import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORY_MESSAGES } from '@storyloom/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.js';
import { DAY } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { waitFor } from '../../test/jobs.js';
import { type FilePart, multipart } from '../../test/multipart.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const canvas = { width: 900, height: 600, channels: 3 as const, background: '#3a6ea5' };
  png = await sharp({ create: canvas }).png().toBuffer();
  // A camera-style JPEG: EXIF orientation and a comment that must not survive.
  jpeg = await sharp({ create: canvas })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'secret location' } } })
    .toBuffer();
});
afterAll(() => t.close());

const newUser = () => createUser(t.testDb.db, t.config);
const file = (data: Buffer, filename = 'cover.png', contentType = 'image/png'): FilePart => ({
  filename,
  contentType,
  data,
});
const fileOf = (url: string) => join(t.config.mediaDir, url.replace(/^\/media\//, ''));
const coverFiles = () => {
  const dir = join(t.config.mediaDir, 'covers');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp'))
    : [];
};

async function upload(
  storyId: string,
  auth: { authorization: string },
  part: FilePart,
  field = 'cover',
) {
  const form = multipart({ [field]: part });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/stories/${storyId}/cover`,
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('covers', () => {
  it('creates a story with a cover from the multipart form, re-encoded to two WebP sizes', async () => {
    const { auth } = await newUser();
    const form = multipart({ title: 'Covered', genre: 'Mystery', tags: 'a,b', cover: file(png) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const story = res.json().data;
    expect(story.cover_image).toMatch(
      new RegExp(`^/media/covers/${story.id}/[a-z0-9-]+-lg\\.webp$`),
    );
    expect(story.cover_thumb).toBe(story.cover_image.replace('-lg.webp', '-sm.webp'));
    const large = await sharp(fileOf(story.cover_image)).metadata();
    const small = await sharp(fileOf(story.cover_thumb)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 600, 900]);
    expect([small.format, small.width, small.height]).toEqual(['webp', 300, 450]);

    const served = await t.app.inject({ method: 'GET', url: story.cover_image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('accepts a JPEG under the `file` field name and strips its metadata', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const res = await upload(story.id, auth, file(jpeg, 'photo.jpg', 'image/jpeg'), 'file');
    expect(res.status).toBe(200);
    const meta = await sharp(fileOf(res.body.data.cover_image)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([600, 900]);
  });

  it.each([
    ['webp', (img: ReturnType<typeof sharp>) => img.webp()],
    ['gif', (img: ReturnType<typeof sharp>) => img.gif()],
    ['avif', (img: ReturnType<typeof sharp>) => img.avif()],
  ])('accepts %s', async (name, encode) => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const data = await encode(
      sharp({ create: { width: 400, height: 400, channels: 3, background: '#222' } }),
    ).toBuffer();
    const res = await upload(story.id, auth, file(data, `c.${name}`, `image/${name}`));
    expect(res.status).toBe(200);
    expect(res.body.data.cover_image).toMatch(/-lg\.webp$/);
  });

  it('replaces the cover and removes the old files; DELETE removes the rest', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const first = (await upload(story.id, auth, file(png))).body.data;
    const second = (await upload(story.id, auth, file(jpeg, 'b.jpg', 'image/jpeg'))).body.data;
    expect(second.cover_image).not.toBe(first.cover_image);
    expect(existsSync(fileOf(first.cover_image))).toBe(false);
    expect(existsSync(fileOf(first.cover_thumb))).toBe(false);
    expect(existsSync(fileOf(second.cover_image))).toBe(true);

    const removed = await call(t, 'DELETE', `/stories/${story.id}/cover`, auth);
    expect(removed.body.data).toMatchObject({ cover_image: null, cover_thumb: null });
    expect(existsSync(fileOf(second.cover_image))).toBe(false);
    expect(existsSync(fileOf(second.cover_thumb))).toBe(false);
    expect(existsSync(join(t.config.mediaDir, 'covers', story.id))).toBe(false);
    const gone = await t.app.inject({ method: 'GET', url: second.cover_image });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('keeps the files while the story is in Recently deleted, and removes them when it is purged or the account is deleted', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const cover = (await upload(story.id, auth, file(png))).body.data.cover_image;
    await call(t, 'DELETE', `/stories/${story.id}`, auth);
    expect(existsSync(fileOf(cover))).toBe(true);
    // The app's worker runs a purge as of 31 days from now (decision 027).
    await enqueue(t.testDb.db.kysely, {
      kind: 'trash-purge',
      payload: { before: new Date(Date.now() + 31 * DAY).toISOString() },
    });
    await waitFor(() => !existsSync(fileOf(cover)));
    expect((await call(t, 'POST', `/stories/${story.id}/restore`, auth)).status).toBe(404);

    const leaving = await newUser();
    const theirs = await createStory(t, leaving.auth);
    const theirCover = (await upload(theirs.id, leaving.auth, file(png))).body.data.cover_image;
    expect(
      (await call(t, 'DELETE', '/users/me', leaving.auth, { password: TEST_PASSWORD })).status,
    ).toBe(200);
    expect(existsSync(fileOf(theirCover))).toBe(false);
  });

  it('refuses a text file renamed .png with 415 and keeps the old cover', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const kept = (await upload(story.id, auth, file(png))).body.data.cover_image;
    for (const data of [
      Buffer.from('just some text pretending to be a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      png.subarray(0, 40),
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer(),
    ]) {
      const res = await upload(story.id, auth, file(data, 'evil.png'));
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        message: STORY_MESSAGES.fileTypeNotSupported,
        error: { code: 'unsupported_media_type' },
      });
    }
    expect((await call(t, 'GET', `/stories/${story.id}`)).body.data.cover_image).toBe(kept);
    expect(existsSync(fileOf(kept))).toBe(true);
  });

  it('refuses a 6 MB file with 413 while streaming, creating nothing', async () => {
    const { user, auth } = await newUser();
    const before = coverFiles().length;
    const big = file(Buffer.alloc(6 * 1024 * 1024, 7), 'big.png');
    const form = multipart({ title: 'Too big', genre: 'Drama', cover: big });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: STORY_MESSAGES.fileTooLarge,
      error: { code: 'payload_too_large' },
    });
    const story = await createStory(t, auth);
    expect((await upload(story.id, auth, big)).status).toBe(413);
    expect(coverFiles().length).toBe(before);
    const rows = await t.testDb.db.kysely
      .selectFrom('stories')
      .select('title')
      .where('author_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.title)).toEqual([story.title]);
  });

  it('asks for a file when none is sent; a visitor gets 401', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const form = multipart({ note: 'no file here' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/stories/${story.id}/cover`,
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.cover).toBe(STORY_MESSAGES.fileRequired);
    expect((await upload(story.id, undefined as never, file(png))).status).toBe(401);
  });

  it('does not leave files behind when the story insert fails', async () => {
    const { auth } = await newUser();
    const before = coverFiles().length;
    const form = multipart({
      title: 'No chapters with content',
      genre: 'Drama',
      chapters: JSON.stringify([{ content: '' }]),
      cover: file(png),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: { ...auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(coverFiles().length).toBe(before);
  });
});
