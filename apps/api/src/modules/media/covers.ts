import { renderImage } from './images.js';
import { type MediaStorage, randomName } from './storage.js';

/** The sizes the pages use: the detail hero (lg) and cards (sm), both 2:3. */
export const COVER_SIZES = {
  lg: { width: 600, height: 900 },
  sm: { width: 300, height: 450 },
} as const;

const LARGE = /-lg\.webp$/;

/** The card-size URL that goes with a stored cover URL (same name, `-sm` instead of `-lg`). */
export const coverThumbOf = (url: string | null): string | null =>
  url && LARGE.test(url) ? url.replace(LARGE, '-sm.webp') : url;

type WarnLog = { warn(details: object, message: string): void };
/** Without a request logger (account deletion), a failed removal becomes a process warning. */
const processWarnings: WarnLog = {
  warn: (details, message) => process.emitWarning(`${message}: ${JSON.stringify(details)}`),
};

export function createCoverStore(storage: MediaStorage, log: WarnLog = processWarnings) {
  const keysOf = (url: string): string[] => {
    const key = storage.keyOf(url);
    return key ? [...new Set([key, storage.keyOf(coverThumbOf(url)!) ?? key])] : [];
  };

  return {
    /**
     * Re-encodes an upload and stores both sizes under a fresh name; returns the URL to keep
     * in stories.cover_image. Throws 413/415 for what is not a usable image.
     */
    async save(storyId: string, upload: Buffer): Promise<string> {
      const images = await renderImage(upload, COVER_SIZES);
      const stem = `covers/${storyId}/${randomName()}`;
      await storage.put(`${stem}-sm.webp`, images.sm);
      await storage.put(`${stem}-lg.webp`, images.lg);
      return storage.publicUrl(`${stem}-lg.webp`);
    },

    /**
     * Removes the files behind cover URLs. Runs after the database committed, so a failure
     * is logged (an orphaned file) rather than failing the request.
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
export type CoverStore = ReturnType<typeof createCoverStore>;
