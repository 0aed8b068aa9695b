import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Every list that shows stories, the author's own (My Stories) and the trash. */
const refreshAfterRestore = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: storyKeys.all }),
    queryClient.invalidateQueries({ queryKey: meKeys.all }),
  ]);

/**
 * Restores and refreshes, outside any component: for a toast's Undo, which outlives the page
 * that showed it (a mutation's callbacks do not run once its component is gone).
 */
export const restoreAndRefresh = (queryClient: QueryClient, target: RestoreTarget) =>
  restoreItem(target).then(() => refreshAfterRestore(queryClient));

/** Restores, then refreshes every list that shows stories, the author's own and the trash. */
export function useRestoreItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreItem,
    onSuccess: () => refreshAfterRestore(queryClient),
  });
}
