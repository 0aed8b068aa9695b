import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/api';
import { meKeys } from '../me/keys';
import { storyKeys } from '../stories/keys';

/** What can come back from Recently deleted: a story, or one chapter. */
export type RestoreTarget = { kind: 'story' | 'chapter'; id: string };

/** `POST /stories/{id}/restore` or `POST /chapters/{id}/restore`. */
export const restoreItem = ({ kind, id }: RestoreTarget) =>
  post<unknown>(
    `/${kind === 'story' ? 'stories' : 'chapters'}/${encodeURIComponent(id)}/restore`,
  ).then(() => undefined);

/** Restores, then refreshes every list that shows stories, the author's own and the trash. */
export function useRestoreItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storyKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]),
  });
}
