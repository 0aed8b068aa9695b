import type { LikeResult } from '@storyloom/shared';
import { del, post } from '../../lib/api';

/** `POST` (like) or `DELETE` (unlike) `/stories/{id}/like`; answers the server's count. */
export function likeStory(id: string, like: boolean): Promise<LikeResult> {
  const path = `/stories/${encodeURIComponent(id)}/like`;
  return like ? post<LikeResult>(path) : del<LikeResult>(path);
}
