import { createImageStore } from '../media/image-store.js';
import type { MediaStorage } from '../media/storage.js';

/** Square sizes: the profile header (lg) and avatars in menus, cards and lists (sm). */
export const AVATAR_SIZES = {
  lg: { width: 400, height: 400 },
  sm: { width: 96, height: 96 },
} as const;

/** Profile pictures: `avatars/<userId>/<random>-{lg,sm}.webp`. */
export const createAvatarStore = (
  storage: MediaStorage,
  log?: Parameters<typeof createImageStore>[2],
) => createImageStore(storage, { folder: 'avatars', sizes: AVATAR_SIZES }, log);
export type AvatarStore = ReturnType<typeof createAvatarStore>;
