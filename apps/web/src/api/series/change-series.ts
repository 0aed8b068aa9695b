import type { Series } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del, post, put } from '../../lib/api';
import { storyKeys } from '../stories/keys';
import { seriesKeys } from './keys';

/** A series change shows on its page, on My Stories and on its stories' pages. */
function useSeriesMutation<A>(run: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
        queryClient.invalidateQueries({ queryKey: storyKeys.all }),
      ]),
  });
}

/** `POST /series`. */
export const useCreateSeries = () =>
  useSeriesMutation((body: { title: string; story_ids?: string[] }) =>
    post<Series>('/series', body),
  );

/** `PUT /series/{id}/stories`: the parts in their new order (adds, removes, reorders). */
export const useSetSeriesStories = () =>
  useSeriesMutation(({ id, storyIds }: { id: string; storyIds: string[] }) =>
    put<Series>(`/series/${encodeURIComponent(id)}/stories`, { story_ids: storyIds }),
  );

/** `DELETE /series/{id}`: the series goes, its stories stay. */
export const useDeleteSeries = () =>
  useSeriesMutation((id: string) => del<null>(`/series/${encodeURIComponent(id)}`));
