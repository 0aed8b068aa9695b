/** Query keys of stories, so mutations can invalidate what they change. */
export const storyKeys = {
  all: ['stories'] as const,
  detail: (id: string) => ['stories', id] as const,
  /** Every chapter of a story, drafts included (the author's editor view). */
  allChapters: (id: string) => ['stories', id, 'chapters', { publishedOnly: false }] as const,
};
