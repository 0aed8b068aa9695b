/**
 * Query keys of the reader. `['stories', id]` is shared with every page that shows the same
 * `GET /stories/{id}` payload (a counted read or a like there marks it stale here too).
 */
export const readerKeys = {
  story: (id: string) => ['stories', id] as const,
  publishedChapters: (id: string) => ['stories', id, 'chapters', { publishedOnly: true }] as const,
};
