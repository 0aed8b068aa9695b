import type { ListMembership, ReadingList } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del, patch, post, put } from '../../lib/api';
import { listKeys } from './keys';

const path = (id: string) => `/lists/${encodeURIComponent(id)}`;

/** Every list change shows on the list's page, the menus, the profile and My lists. */
function useListMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

export type ListFields = {
  name: string;
  description: string;
  visibility: 'public' | 'private';
};

/** `POST /lists`. */
export const useCreateList = () =>
  useListMutation((body: ListFields) => post<ReadingList>('/lists', body));

/** `PATCH /lists/{id}`: rename, describe, public or private. */
export const useUpdateList = () =>
  useListMutation(({ id, ...body }: Partial<ListFields> & { id: string }) =>
    patch<ReadingList>(path(id), body),
  );

/** `DELETE /lists/{id}`: the list goes; its stories stay. */
export const useDeleteList = () => useListMutation((id: string) => del<null>(path(id)));

/** `POST` or `DELETE /lists/{id}/stories…`: a story in or out of a list. */
export const useToggleListStory = () =>
  useListMutation(({ id, storyId, on }: { id: string; storyId: string; on: boolean }) =>
    on
      ? post<ListMembership>(`${path(id)}/stories`, { story_id: storyId })
      : del<ListMembership>(`${path(id)}/stories/${encodeURIComponent(storyId)}`),
  );

/** `PATCH /lists/{id}/stories/{storyId}`: just before or just after another story. */
export const useMoveListStory = () =>
  useListMutation(
    ({
      id,
      storyId,
      to,
    }: {
      id: string;
      storyId: string;
      to: { before: string } | { after: string };
    }) => patch<null>(`${path(id)}/stories/${encodeURIComponent(storyId)}`, to),
  );

/** `PUT /users/me/lists/order`: the caller's lists in a new order. */
export const useReorderLists = () =>
  useListMutation((listIds: string[]) =>
    put<ReadingList[]>('/users/me/lists/order', { list_ids: listIds }),
  );
