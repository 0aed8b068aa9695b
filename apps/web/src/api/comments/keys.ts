import type { CommentSort } from '@storyloom/shared';

/** Which thread of a chapter: the chapter as a whole (`paragraph: null`) or one paragraph's. */
export type ThreadParams = { paragraph: number | null; sort: CommentSort };

/**
 * Query keys of comments. Everything about a chapter's comments (its threads, their replies
 * and the paragraph counts) sits under `chapter(id)`, so a write invalidates that one key.
 */
export const commentKeys = {
  all: ['comments'] as const,
  chapter: (chapterId: string) => ['comments', chapterId] as const,
  /** `GET /chapters/{id}/comments`: one thread in one order. */
  thread: (chapterId: string, { paragraph, sort }: ThreadParams) =>
    ['comments', chapterId, 'thread', { paragraph, sort }] as const,
  /** `GET /chapters/{id}/comment-counts`. */
  counts: (chapterId: string) => ['comments', chapterId, 'counts'] as const,
  /** `GET /comments/{id}/replies`: kept under the chapter the comment belongs to. */
  replies: (chapterId: string, commentId: string) =>
    ['comments', chapterId, 'replies', commentId] as const,
};
