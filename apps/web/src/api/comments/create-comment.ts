import type { Comment } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/api';
import { invalidateAfterCommentWrite } from './cache';

/** A comment on the chapter, on one paragraph of it, or a reply to a top-level comment. */
export type NewComment = {
  body: string;
  paragraph?: number;
  parent_id?: string;
  /** With `paragraph`: the chapter's `updated_at` as the reader sees it. */
  chapter_updated_at?: string;
};

/** `POST /chapters/{id}/comments`. */
export const createComment = (chapterId: string, input: NewComment) =>
  post<Comment>(`/chapters/${encodeURIComponent(chapterId)}/comments`, input);

/** Posts a comment; the chapter's threads and counts, and the story's count, then refresh. */
export function useCreateComment(where: { chapterId: string; storyId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewComment) => createComment(where.chapterId, input),
    onSuccess: () => invalidateAfterCommentWrite(queryClient, where),
  });
}
