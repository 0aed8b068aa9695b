import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../lib/api';
import { storyKeys } from './keys';

/** `DELETE /stories/{id}`: the story and its chapters. */
export const deleteStory = (id: string) =>
  del<null>(`/stories/${encodeURIComponent(id)}`).then(() => undefined);

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: storyKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}
