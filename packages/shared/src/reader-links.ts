/**
 * Addresses in the reader (`/stories/{id}/read`) that other pages link to. `chapter` is the
 * 1-based position among the published chapters (features/reader/chapter-position.ts); a link
 * that knows the chapter's id sends it too, and the reader prefers it, so a chapter moved or a
 * draft published since still opens the right one. A link to a comment names it, the comment
 * it replies to, and its paragraph: the reader opens that thread and shows the comment.
 */
export const READER_LINK_PARAMS = {
  chapter: 'chapter',
  chapterId: 'chapter_id',
  comment: 'comment',
  /** The top-level comment whose replies hold the linked comment. */
  parent: 'parent',
  /**
   * With a comment: the paragraph (from 0) whose thread holds it; absent, the chapter's own
   * thread. Without one: the paragraph to scroll to and mark (a chapter text search result).
   */
  paragraph: 'paragraph',
} as const;

export type ReaderTarget = {
  chapterId?: string;
  /** The chapter's position, the fallback when its id is not among the published ones. */
  position?: number;
  comment?: { id: string; parent_id: string | null; paragraph: number | null };
  /** A paragraph to land on (from 0), for a link without a comment. */
  paragraph?: number;
};

export function readerPath(storyId: string, target: ReaderTarget = {}): string {
  const params: [string, string][] = [];
  const names = READER_LINK_PARAMS;
  if (target.position !== undefined) params.push([names.chapter, String(target.position)]);
  if (target.chapterId) params.push([names.chapterId, target.chapterId]);
  const comment = target.comment;
  if (comment) {
    params.push([names.comment, comment.id]);
    if (comment.parent_id) params.push([names.parent, comment.parent_id]);
    if (comment.paragraph !== null) params.push([names.paragraph, String(comment.paragraph)]);
  } else if (target.paragraph !== undefined) {
    params.push([names.paragraph, String(target.paragraph)]);
  }
  const search = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `/stories/${encodeURIComponent(storyId)}/read${search ? `?${search}` : ''}`;
}
