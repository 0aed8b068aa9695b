import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { startTestS3, type TestS3 } from '../../test/s3.js';
import { coverThumbOf, createCoverStore } from './covers.js';
import { createS3Storage, MediaStoreError } from './s3-storage.js';
import { createLocalStorage, type MediaStorage } from './storage.js';

const root = mkdtempSync(join(tmpdir(), 'storyloom-media-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await s3?.close();
});

const text = async (stream: Readable): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

const quiet = { warn: () => {} };

interface Backend {
  name: string;
  storage: () => MediaStorage;
  /** The keys the store holds now. */
  keys: () => string[];
}

const local = createLocalStorage(root);
let s3Storage: MediaStorage | undefined;
const backends: Backend[] = [
  {
    name: 'local disk',
    storage: () => local,
    keys: () =>
      readdirSync(root, { recursive: true })
        .map(String)
        .filter((file) => /\.[a-z]+$/.test(file))
        .sort(),
  },
  {
    name: 'S3 (s3rver)',
    storage: () => {
      s3Storage ??= createS3Storage(s3.options);
      return s3Storage;
    },
    keys: () => s3.keys(),
  },
];

describe.each(backends)('media storage on $name', (backend) => {
  it('writes, reads, maps URLs both ways and removes (twice is fine)', async () => {
    const storage = backend.storage();
    await storage.put('covers/abc-123/name-lg.webp', Buffer.from('x'));
    expect(backend.keys()).toContain('covers/abc-123/name-lg.webp');
    const file = await storage.get('covers/abc-123/name-lg.webp');
    expect(file?.contentType).toBe('image/webp');
    expect(await text(file!.body)).toBe('x');
    const url = storage.publicUrl('covers/abc-123/name-lg.webp');
    expect(url).toBe('/media/covers/abc-123/name-lg.webp');
    expect(storage.keyOf(url)).toBe('covers/abc-123/name-lg.webp');
    await storage.remove('covers/abc-123/name-lg.webp');
    await storage.remove('covers/abc-123/name-lg.webp');
    expect(await storage.get('covers/abc-123/name-lg.webp')).toBeNull();
    expect(backend.keys()).not.toContain('covers/abc-123/name-lg.webp');
  });

  it('answers null for a file that was never written', async () => {
    expect(await backend.storage().get('covers/nobody/none-lg.webp')).toBeNull();
  });

  it.each([
    '../outside.webp',
    'covers/../../etc/passwd',
    '/etc/passwd',
    'covers/UPPER.webp',
    'covers/a b.webp',
    'covers/noext',
  ])('refuses the key %s', async (key) => {
    await expect(backend.storage().put(key, Buffer.from('x'))).rejects.toThrow(/invalid media key/);
  });

  it('does not claim foreign or malformed URLs', () => {
    const storage = backend.storage();
    for (const url of [
      'https://evil.example/media/x.webp',
      '/media/../x.webp',
      '/avatars/x.webp',
      '',
    ]) {
      expect(storage.keyOf(url)).toBeNull();
    }
    expect(coverThumbOf('/media/covers/s/n-lg.webp')).toBe('/media/covers/s/n-sm.webp');
    expect(coverThumbOf(null)).toBeNull();
  });

  it('stores both sizes of an image and removes both with its URL', async () => {
    const covers = createCoverStore(backend.storage(), quiet);
    const png = await sharp({
      create: { width: 60, height: 90, channels: 3, background: '#3a6ea5' },
    })
      .png()
      .toBuffer();
    const url = await covers.save('story-1', png);
    const stem = url.replace(/^\/media\//, '').replace(/-lg\.webp$/, '');
    expect(backend.keys()).toEqual(expect.arrayContaining([`${stem}-lg.webp`, `${stem}-sm.webp`]));
    await covers.remove(url);
    expect(backend.keys().filter((key) => key.startsWith('covers/story-1/'))).toEqual([]);
  });

  it('a half-failed upload is a 503 and leaves neither size behind', async () => {
    const storage = backend.storage();
    let puts = 0;
    // The store takes the small size, then fails on the large one.
    const flaky: MediaStorage = {
      ...storage,
      put: async (key, data) => {
        puts += 1;
        if (puts === 2) throw new MediaStoreError('the media store could not store a file');
        await storage.put(key, data);
      },
    };
    const covers = createCoverStore(flaky, quiet);
    const png = await sharp({ create: { width: 30, height: 45, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const error = await covers.save('story-2', png).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).message).toBe(
      'Images cannot be saved right now. Please try again shortly.',
    );
    expect(puts).toBe(2);
    expect(backend.keys().filter((key) => key.startsWith('covers/story-2/'))).toEqual([]);
  });
});

describe('local media storage', () => {
  it('prunes the directories a removal emptied, never the root', async () => {
    await local.put('covers/prune-me/name-lg.webp', Buffer.from('x'));
    expect(readFileSync(join(root, 'covers/prune-me/name-lg.webp'), 'utf8')).toBe('x');
    await local.remove('covers/prune-me/name-lg.webp');
    expect(existsSync(join(root, 'covers/prune-me'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });
});

describe('S3 media storage', () => {
  it('writes objects with their type and a year of immutable caching', async () => {
    const storage = createS3Storage(s3.options);
    await storage.put('avatars/u/pic-sm.webp', Buffer.from('y'));
    const { S3Client, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      endpoint: s3.options.endpoint,
      region: s3.options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: s3.options.bucket, Key: 'avatars/u/pic-sm.webp' }),
    );
    client.destroy();
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    await storage.remove('avatars/u/pic-sm.webp');
    storage.close?.();
  });

  it('points URLs at S3_PUBLIC_URL and still knows the /media/ ones', () => {
    const storage = createS3Storage({ ...s3.options, publicUrl: 'https://cdn.example/media/' });
    const url = storage.publicUrl('covers/s/n-lg.webp');
    expect(url).toBe('https://cdn.example/media/covers/s/n-lg.webp');
    expect(storage.keyOf(url)).toBe('covers/s/n-lg.webp');
    expect(storage.keyOf('/media/covers/s/n-lg.webp')).toBe('covers/s/n-lg.webp');
    expect(storage.keyOf('https://cdn.example/other/covers/s/n-lg.webp')).toBeNull();
    expect(storage.keyOf('https://cdn.example/media/../x.webp')).toBeNull();
  });

  it('when the server is down, every call fails clearly and an upload is a 503 leaving nothing', async () => {
    const storage = createS3Storage(s3.options);
    const covers = createCoverStore(storage, quiet);
    const png = await sharp({ create: { width: 30, height: 45, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await s3.stop();
    try {
      await expect(storage.put('covers/down/x-lg.webp', Buffer.from('x'))).rejects.toBeInstanceOf(
        MediaStoreError,
      );
      await expect(storage.get('covers/down/x-lg.webp')).rejects.toBeInstanceOf(MediaStoreError);
      await expect(storage.remove('covers/down/x-lg.webp')).rejects.toBeInstanceOf(MediaStoreError);
      const error = await covers.save('story-down', png).catch((e: unknown) => e);
      expect((error as AppError).statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    expect(s3.keys().filter((key) => key.includes('down'))).toEqual([]);
    // Back up: the same storage works again.
    const url = await covers.save('story-up', png);
    expect(storage.keyOf(url)).toMatch(/^covers\/story-up\//);
    await covers.remove(url);
    storage.close?.();
  });
});
