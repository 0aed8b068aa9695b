import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig, prepareDataDir } from '../../config.js';
import { enqueue } from '../../jobs/queue.js';
import { DAY } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { waitFor } from '../../test/jobs.js';
import { multipart } from '../../test/multipart.js';
import { startTestS3, type TestS3 } from '../../test/s3.js';
import { call, createStory } from '../../test/stories.js';

/**
 * Covers through the API with the media on an S3-compatible server (s3rver): two app
 * processes share the bucket, deletes reach it, and a store that is down makes an upload a
 * clear 503 that changes nothing.
 */
const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-both-apps';
let s3: TestS3;
let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: { ...s3.env, JWT_SECRET } });
  png = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#a53a6e' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const newUser = () => createUser(t.testDb.db, t.config);
const keyOf = (url: string) => url.replace(/^\/media\//, '');

async function upload(storyId: string, auth: { authorization: string }) {
  const form = multipart({ cover: { filename: 'c.png', contentType: 'image/png', data: png } });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/stories/${storyId}/cover`,
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A second app process on the same database and bucket, with its own (empty) DATA_DIR. */
async function secondProcess(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-data-'));
  const config = prepareDataDir(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET,
      ...s3.env,
    }),
  );
  const app = await buildApp(config, {
    db: t.testDb.db,
    logger: false,
    mailer: { send: async () => {} },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('media on S3 through the API', () => {
  it('stores a cover in the bucket, not on disk, and both processes serve it', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const res = await upload(story.id, auth);
    expect(res.status).toBe(200);
    const { cover_image: large, cover_thumb: small } = res.body.data;
    expect(large).toMatch(new RegExp(`^/media/covers/${story.id}/[a-z0-9-]+-lg\\.webp$`));
    expect(s3.keys()).toEqual(expect.arrayContaining([keyOf(large), keyOf(small)]));
    expect(readdirSync(t.config.mediaDir)).toEqual([]);

    const other = await secondProcess();
    try {
      for (const app of [t.app, other.app]) {
        const served = await app.inject({ method: 'GET', url: large });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 900]);
        const thumb = await app.inject({ method: 'GET', url: small });
        expect(thumb.statusCode).toBe(200);
        const head = await app.inject({ method: 'HEAD', url: large });
        expect(head.statusCode).toBe(200);
        expect(head.headers['content-length']).toBe(String(served.rawPayload.length));
        expect(head.body).toBe('');
        const etag = served.headers.etag;
        if (etag) {
          const again = await app.inject({
            method: 'GET',
            url: large,
            headers: { 'if-none-match': String(etag) },
          });
          expect(again.statusCode).toBe(304);
        }
      }
      const missing = await other.app.inject({
        method: 'GET',
        url: `/media/covers/x/none-lg.webp`,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
      const bad = await other.app.inject({ method: 'GET', url: '/media/covers/..%2F..%2Fx.webp' });
      expect(bad.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('replacing, removing and purging a cover and deleting the account remove the objects', async () => {
    const { auth } = await newUser();
    const story = await createStory(t, auth);
    const first = (await upload(story.id, auth)).body.data;
    const second = (await upload(story.id, auth)).body.data;
    expect(s3.keys()).not.toContain(keyOf(first.cover_image));
    expect(s3.keys()).not.toContain(keyOf(first.cover_thumb));
    expect(s3.keys()).toContain(keyOf(second.cover_image));
    await call(t, 'DELETE', `/stories/${story.id}/cover`, auth);
    expect(s3.keys().filter((key) => key.startsWith(`covers/${story.id}/`))).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: second.cover_image });
    expect(gone.statusCode).toBe(404);

    const trashed = await createStory(t, auth);
    const cover = (await upload(trashed.id, auth)).body.data.cover_image;
    await call(t, 'DELETE', `/stories/${trashed.id}`, auth);
    expect(s3.keys()).toContain(keyOf(cover));
    await enqueue(t.testDb.db.kysely, {
      kind: 'trash-purge',
      payload: { before: new Date(Date.now() + 31 * DAY).toISOString() },
    });
    await waitFor(() => !s3.keys().includes(keyOf(cover)));

    const leaving = await newUser();
    const theirs = await createStory(t, leaving.auth);
    const theirCover = (await upload(theirs.id, leaving.auth)).body.data.cover_image;
    expect(s3.keys()).toContain(keyOf(theirCover));
    const deleted = await call(t, 'DELETE', '/users/me', leaving.auth, {
      password: TEST_PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(s3.keys().filter((key) => key.startsWith(`covers/${theirs.id}/`))).toEqual([]);
  });

  it('with the store down, an upload is a 503 with a clear message and refers to nothing new', async () => {
    const { auth, user } = await newUser();
    const story = await createStory(t, auth);
    const kept = (await upload(story.id, auth)).body.data.cover_image;
    const before = s3.keys();
    const storiesBefore = await t.testDb.db.kysely
      .selectFrom('stories')
      .select('id')
      .where('author_id', '=', user.id)
      .execute();
    await s3.stop();
    try {
      const res = await upload(story.id, auth);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        success: false,
        message: 'Images cannot be saved right now. Please try again shortly.',
        error: { code: 'service_unavailable' },
      });
      // A new story with a cover is not made at all.
      const form = multipart({
        title: 'Down',
        genre: 'Mystery',
        cover: { filename: 'c.png', contentType: 'image/png', data: png },
      });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/stories',
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(503);
      // Serving a file needs the store too.
      const served = await t.app.inject({ method: 'GET', url: kept });
      expect(served.statusCode).toBe(503);
      expect(served.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      await s3.start();
    }
    const after = await call(t, 'GET', `/stories/${story.id}`, auth);
    expect(after.body.data.cover_image).toBe(kept);
    const storiesAfter = await t.testDb.db.kysely
      .selectFrom('stories')
      .select('id')
      .where('author_id', '=', user.id)
      .execute();
    expect(storiesAfter).toEqual(storiesBefore);
    expect(s3.keys()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
  });

  it('with S3_PUBLIC_URL, covers point at it, the page allows its images, and /media/ still serves', async () => {
    const cdn = await createTestApp({
      env: { ...s3.env, S3_PUBLIC_URL: 'https://cdn.example/media/' },
    });
    try {
      const { auth } = await createUser(cdn.testDb.db, cdn.config);
      const story = await call(cdn, 'POST', '/stories/json', auth, {
        title: 'On the CDN',
        genre: 'Mystery',
        tags: [],
        visibility: 'public',
      });
      const form = multipart({ cover: { filename: 'c.png', contentType: 'image/png', data: png } });
      const res = await cdn.app.inject({
        method: 'PATCH',
        url: `/api/stories/${story.body.data.id}/cover`,
        headers: { ...auth, ...form.headers },
        payload: form.payload,
      });
      const { cover_image, cover_thumb } = res.json().data;
      expect(cover_image).toMatch(/^https:\/\/cdn\.example\/media\/covers\/.+-lg\.webp$/);
      expect(cover_thumb).toBe(cover_image.replace('-lg.webp', '-sm.webp'));
      const key = cover_image.slice('https://cdn.example/media/'.length);
      expect(s3.keys()).toContain(key);
      const served = await cdn.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(served.statusCode).toBe(200);
      expect(String(served.headers['content-security-policy'])).toMatch(
        /img-src 'self' data: blob: https:\/\/cdn\.example/,
      );
      // Removing it reaches the bucket through the CDN URL kept in the database.
      await cdn.app.inject({
        method: 'DELETE',
        url: `/api/stories/${story.body.data.id}/cover`,
        headers: auth,
      });
      expect(s3.keys()).not.toContain(key);
    } finally {
      await cdn.close();
    }
  });
});
