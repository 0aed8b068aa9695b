import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../lib/api';
import { meKeys } from '../me/keys';
import { storyKeys } from './keys';

/** `DELETE /stories/{id}`: the story and its chapters go to Recently deleted for 30 days. */
export const deleteStory = (id: string) =>
  del<null>(`/stories/${encodeURIComponent(id)}`).then(() => undefined);

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: storyKeys.detail(id) });
      // My Stories and Recently deleted are the user's own lists, under `me`.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: storyKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]);
    },
  });
}
