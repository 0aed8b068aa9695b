import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../lib/api';
import { invalidateAfterCommentWrite } from './cache';

/** What is left: nothing, or (a top-level comment with replies) a "Comment deleted" placeholder. */
export type DeletedComment = { id: string; placeholder: boolean };

/** `DELETE /comments/{id}`: by its writer, or by the story's author. */
export const deleteComment = (id: string) =>
  del<DeletedComment>(`/comments/${encodeURIComponent(id)}`);

export function useDeleteComment(where: { chapterId: string; storyId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteComment(id),
    onSuccess: () => invalidateAfterCommentWrite(queryClient, where),
  });
}
