import { profilePicThumbOf } from '@storyloom/shared';
import { renderImage } from '../media/images.js';
import { type MediaStorage, randomName } from '../media/storage.js';

/** Square sizes: the profile header (lg) and avatars in menus, cards and lists (sm). */
export const AVATAR_SIZES = {
  lg: { width: 400, height: 400 },
  sm: { width: 96, height: 96 },
} as const;

type WarnLog = { warn(details: object, message: string): void };
const processWarnings: WarnLog = {
  warn: (details, message) => process.emitWarning(`${message}: ${JSON.stringify(details)}`),
};

/** Profile pictures on the media storage: `avatars/<userId>/<random>-{lg,sm}.webp`. */
export function createAvatarStore(storage: MediaStorage, log: WarnLog = processWarnings) {
  return {
    /** Re-encodes an upload to both square sizes; returns the URL for users.profile_pic. */
    async save(userId: string, upload: Buffer): Promise<string> {
      const images = await renderImage(upload, AVATAR_SIZES);
      const stem = `avatars/${userId}/${randomName()}`;
      await storage.put(`${stem}-sm.webp`, images.sm);
      await storage.put(`${stem}-lg.webp`, images.lg);
      return storage.publicUrl(`${stem}-lg.webp`);
    },

    /**
     * Removes the files behind a profile_pic URL (both sizes). Foreign URLs are ignored. Runs
     * after the commit, so a failure is logged (an orphaned file), never a broken picture.
     */
    async remove(url: string | null | undefined): Promise<void> {
      if (!url) return;
      const keys = new Set(
        [storage.keyOf(url), storage.keyOf(profilePicThumbOf(url) ?? '')].filter(
          (key): key is string => key !== null,
        ),
      );
      for (const key of keys) {
        try {
          await storage.remove(key);
        } catch (error) {
          log.warn({ err: error, key }, 'could not remove a media file');
        }
      }
    },
  };
}
export type AvatarStore = ReturnType<typeof createAvatarStore>;
