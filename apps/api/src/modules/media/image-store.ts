import { MESSAGES } from '@storyloom/shared';
import { serviceUnavailable } from '../../lib/errors.js';
import { renderImage, type Size } from './images.js';
import { type MediaStorage, randomName } from './storage.js';

/** Every stored image has a large and a small file: `<folder>/<ownerId>/<random>-{lg,sm}.webp`. */
export type ImageSizes = { lg: Size; sm: Size };

const LARGE = /-lg\.webp$/;

/** The small-size URL that goes with a stored image URL (same name, `-sm` instead of `-lg`). */
export const smallImageOf = (url: string | null): string | null =>
  url && LARGE.test(url) ? url.replace(LARGE, '-sm.webp') : url;

type WarnLog = { warn(details: object, message: string): void };
/** Without a logger, a failed removal becomes a process warning. */
const processWarnings: WarnLog = {
  warn: (details, message) => process.emitWarning(`${message}: ${JSON.stringify(details)}`),
};

/**
 * Images of one kind (story covers, profile pictures) on the media storage. The database keeps
 * the large size's URL; the small one is found from it.
 */
export function createImageStore(
  storage: MediaStorage,
  kind: { folder: string; sizes: ImageSizes },
  log: WarnLog = processWarnings,
) {
  const keysOf = (url: string): string[] =>
    [storage.keyOf(url), storage.keyOf(smallImageOf(url) ?? url)].filter(
      (key, index, keys): key is string => key !== null && keys.indexOf(key) === index,
    );

  return {
    /**
     * Re-encodes an upload and stores both sizes under a fresh name; returns the large size's
     * URL to keep in the database. Throws 413/415 for what is not a usable image, and a 503
     * when the storage fails: whatever size was written by then is removed again, and no URL
     * is returned, so the database never refers to half an image.
     */
    async save(ownerId: string, upload: Buffer): Promise<string> {
      const images = await renderImage(upload, kind.sizes);
      const stem = `${kind.folder}/${ownerId}/${randomName()}`;
      const files = [
        [`${stem}-sm.webp`, images.sm],
        [`${stem}-lg.webp`, images.lg],
      ] as const;
      try {
        for (const [key, data] of files) await storage.put(key, data);
      } catch (error) {
        log.warn({ err: error, key: `${stem}-lg.webp` }, 'could not store an image');
        // Both sizes: a write that timed out may still have landed.
        for (const [key] of files) {
          try {
            await storage.remove(key);
          } catch (removeError) {
            log.warn({ err: removeError, key }, 'could not remove a media file');
          }
        }
        throw serviceUnavailable(MESSAGES.mediaUnavailable);
      }
      return storage.publicUrl(`${stem}-lg.webp`);
    },

    /** The large size's bytes behind a stored URL; null for a foreign URL or a missing file. */
    async read(url: string): Promise<Buffer | null> {
      const key = storage.keyOf(url);
      const stored = key ? await storage.get(key) : null;
      if (!stored) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },

    /**
     * Removes the files behind stored URLs (both sizes); foreign URLs are ignored. Runs after
     * the database committed, so a failure is logged (an orphaned file), never a broken image.
     */
    async remove(...urls: (string | null | undefined)[]): Promise<void> {
      for (const url of urls) {
        if (!url) continue;
        for (const key of keysOf(url)) {
          try {
            await storage.remove(key);
          } catch (error) {
            log.warn({ err: error, key }, 'could not remove a media file');
          }
        }
      }
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
