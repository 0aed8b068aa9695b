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
  /** The paragraph (from 0) whose thread holds it; absent: the chapter's own thread. */
  paragraph: 'paragraph',
} as const;

export type ReaderTarget = {
  chapterId?: string;
  /** The chapter's position, the fallback when its id is not among the published ones. */
  position?: number;
  comment?: { id: string; parent_id: string | null; paragraph: number | null };
};

export function readerPath(storyId: string, target: ReaderTarget = {}): string {
  const params = new URLSearchParams();
  const names = READER_LINK_PARAMS;
  if (target.position !== undefined) params.set(names.chapter, String(target.position));
  if (target.chapterId) params.set(names.chapterId, target.chapterId);
  const comment = target.comment;
  if (comment) {
    params.set(names.comment, comment.id);
    if (comment.parent_id) params.set(names.parent, comment.parent_id);
    if (comment.paragraph !== null) params.set(names.paragraph, String(comment.paragraph));
  }
  const search = params.toString();
  return `/stories/${encodeURIComponent(storyId)}/read${search ? `?${search}` : ''}`;
}

/** The comment a reader URL points at, if any. */
export type LinkedComment = { id: string; parentId: string | null; paragraph: number | null };

export function linkedComment(params: URLSearchParams): LinkedComment | null {
  const id = params.get(READER_LINK_PARAMS.comment);
  if (!id) return null;
  const paragraph = params.get(READER_LINK_PARAMS.paragraph);
  return {
    id,
    parentId: params.get(READER_LINK_PARAMS.parent) || null,
    paragraph: paragraph !== null && /^\d{1,6}$/.test(paragraph) ? Number(paragraph) : null,
  };
}
