import type { ListFollowResult } from '@storyloom/shared';
import { del, post } from '../../lib/api';

/** `POST` (follow) or `DELETE` (unfollow) `/lists/{id}/follow`. */
export const followList = (id: string, on: boolean) =>
  on
    ? post<ListFollowResult>(`/lists/${encodeURIComponent(id)}/follow`)
    : del<ListFollowResult>(`/lists/${encodeURIComponent(id)}/follow`);
