import type { Comment } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patch } from '../../lib/api';
import { patchCachedComment } from './cache';

/** `PATCH /comments/{id}`: the caller's own comment's new text. */
export const updateComment = (id: string, body: string) =>
  patch<Comment>(`/comments/${encodeURIComponent(id)}`, { body });

/** Edits a comment; the answer replaces it in every cached list of the chapter. */
export function useUpdateComment(chapterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => updateComment(id, body),
    onSuccess: (comment) => patchCachedComment(queryClient, chapterId, comment.id, comment),
  });
}
