/**
 * Query keys of the reader's library: saved, liked and being read. Saving a story invalidates
 * `all`; the profile's SAVED tab shows the same saved list as the library page.
 */
export const libraryKeys = {
  all: ['library'] as const,
  saved: (limit: number) => ['library', 'saved', { limit }] as const,
  liked: (limit: number) => ['library', 'liked', { limit }] as const,
  reading: (limit: number) => ['library', 'progress', { limit }] as const,
};

/** Stories per page in the library lists: three rows of four on a wide screen. */
export const LIBRARY_PAGE_SIZE = 12;
