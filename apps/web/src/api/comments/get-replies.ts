import type { Comment } from '@storyloom/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedListQueryOptions } from '../paged-list';
import { commentKeys } from './keys';

const REPLIES_PAGE_SIZE = 20;

/** `GET /comments/{id}/replies`: a comment's replies, oldest first; fetched once `enabled`. */
export const useReplies = (chapterId: string, commentId: string, enabled: boolean) =>
  useInfiniteQuery({
    ...pagedListQueryOptions<Comment>(
      commentKeys.replies(chapterId, commentId),
      `/comments/${encodeURIComponent(commentId)}/replies`,
      REPLIES_PAGE_SIZE,
    ),
    enabled,
  });
