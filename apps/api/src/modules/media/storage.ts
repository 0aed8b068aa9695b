import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { createS3Storage } from './s3-storage.js';

/** One stored file, opened for sending. */
export interface StoredMedia {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
}

/**
 * Where media files live. Keys are relative paths such as `covers/<storyId>/<name>-lg.webp`;
 * the database stores the public URL. Local disk (DATA_DIR/media) by default, or an
 * S3-compatible bucket (s3-storage.ts) when S3_* is set (docs/decisions/036-object-storage.md).
 * Every call throws when the store cannot be reached; callers decide what that means.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The file for sending, or null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
  publicUrl(key: string): string;
  /** The key behind one of our public URLs; null for anything else. */
  keyOf(url: string): string | null;
  /** Lets go of connections (the app closes it). */
  close?(): void;
}

export const MEDIA_URL_PREFIX = '/media/';
export const MEDIA_KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;
const KEY_PATTERN = MEDIA_KEY_PATTERN;

/** Whether `key` is one our stores write: lower-case segments and an extension, nothing else. */
export const isMediaKey = (key: string): boolean =>
  KEY_PATTERN.test(key) && !key.split('/').includes('..');

/**
 * The key of a URL that starts with one of `prefixes` (`/media/`, a CDN base with its slash);
 * null for any other URL.
 */
export function mediaKeyOf(url: string, prefixes: readonly string[]): string | null {
  for (const prefix of prefixes) {
    if (!url.startsWith(prefix)) continue;
    const key = url.slice(prefix.length);
    return isMediaKey(key) ? key : null;
  }
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type of a stored file, from its key's extension. */
export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Media names are never reused (a new one per upload): caches may keep a file for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A random, URL-safe file stem: a new name per upload, so URLs can be cached forever. */
export const randomName = (): string =>
  randomBytes(12).toString('base64url').toLowerCase().replace(/_/g, '-');

export function createLocalStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(base, key);
    if (!KEY_PATTERN.test(key) || !path.startsWith(base + sep)) {
      throw new Error(`invalid media key: ${key}`);
    }
    return path;
  };

  return {
    kind: 'local',

    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
    },

    async remove(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // Prune directories the removal emptied, never the root itself.
      for (
        let dir = dirname(path);
        dir !== base && relative(base, dir) !== '';
        dir = dirname(dir)
      ) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
      }
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(path),
          contentType: contentTypeOf(key),
          contentLength: info.size,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    publicUrl: (key) => `${MEDIA_URL_PREFIX}${key}`,

    keyOf: (url) => mediaKeyOf(url, [MEDIA_URL_PREFIX]),
  };
}

/** The storage a config points at: the S3 bucket when S3_* is set, else DATA_DIR/media. */
export const mediaStorage = (config: Pick<Config, 'mediaDir' | 's3'>): MediaStorage =>
  config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
