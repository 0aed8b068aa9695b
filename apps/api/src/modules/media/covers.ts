import { createImageStore, smallImageOf } from './image-store.js';
import type { MediaStorage } from './storage.js';

/** The sizes the pages use: the detail hero (lg) and cards (sm), both 2:3. */
export const COVER_SIZES = {
  lg: { width: 600, height: 900 },
  sm: { width: 300, height: 450 },
} as const;

/** The card-size URL that goes with a stored cover URL. */
export const coverThumbOf = smallImageOf;

/** Story covers: `covers/<storyId>/<random>-{lg,sm}.webp`. */
export const createCoverStore = (
  storage: MediaStorage,
  log?: Parameters<typeof createImageStore>[2],
) => createImageStore(storage, { folder: 'covers', sizes: COVER_SIZES }, log);
export type CoverStore = ReturnType<typeof createCoverStore>;
