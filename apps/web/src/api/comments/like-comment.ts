import type { CommentLikeResult } from '@storyloom/shared';
import { del, post } from '../../lib/api';

/** `POST` (like) or `DELETE` (unlike) `/comments/{id}/like`; answers the server's count. */
export function likeComment(id: string, like: boolean): Promise<CommentLikeResult> {
  const path = `/comments/${encodeURIComponent(id)}/like`;
  return like ? post<CommentLikeResult>(path) : del<CommentLikeResult>(path);
}
