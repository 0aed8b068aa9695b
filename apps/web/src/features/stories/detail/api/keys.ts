/**
 * Query keys of the story page. `['stories', id]` is the same key the editor uses for the same
 * `GET /stories/{id}`, so saving in the editor (or a like here) refreshes this page too.
 */
export const detailKeys = {
  story: (id: string) => ['stories', id] as const,
  similar: (id: string) => ['stories', id, 'similar'] as const,
  author: (username: string) => ['users', username] as const,
};
