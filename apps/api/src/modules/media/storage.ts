import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Where media files live. Keys are relative paths such as `covers/<storyId>/<name>-lg.webp`;
 * the database stores the public URL path. Local disk today; an S3-compatible store would
 * implement the same calls (docs/decisions/005).
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file (e.g. a cover put in an EPUB). */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key behind one of our public URLs; null for anything else. */
  keyOf(url: string): string | null;
}

export const MEDIA_URL_PREFIX = '/media/';
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

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
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
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

    publicUrl: (key) => `${MEDIA_URL_PREFIX}${key}`,

    keyOf(url) {
      if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
      const key = url.slice(MEDIA_URL_PREFIX.length);
      return KEY_PATTERN.test(key) && !key.split('/').includes('..') ? key : null;
    },
  };
}

/** The storage a config points at (local disk under DATA_DIR/media). */
export const mediaStorage = (config: { mediaDir: string }): MediaStorage =>
  createLocalStorage(config.mediaDir);
