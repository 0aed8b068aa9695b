import type { Comment } from '@storyloom/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { storyKeys } from '../stories/keys';
import { commentKeys } from './keys';

type CommentPages = InfiniteData<{ items: Comment[] }>;

const isPages = (data: unknown): data is CommentPages =>
  typeof data === 'object' && data !== null && Array.isArray((data as CommentPages).pages);

/**
 * Changes one comment wherever the chapter's cached threads and reply lists hold it, so what a
 * write answered shows at once (before, or instead of, a refetch).
 */
export function patchCachedComment(
  queryClient: QueryClient,
  chapterId: string,
  id: string,
  changes: Partial<Comment>,
) {
  queryClient.setQueriesData<unknown>(
    { queryKey: commentKeys.chapter(chapterId) },
    (data: unknown) =>
      isPages(data)
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === id ? { ...item, ...changes } : item)),
            })),
          }
        : data,
  );
}

/**
 * After a comment is written or deleted: the chapter's threads, replies and paragraph counts,
 * and the story itself (its `comments_count`; not its chapters, whose text did not change).
 */
export function invalidateAfterCommentWrite(
  queryClient: QueryClient,
  { chapterId, storyId }: { chapterId: string; storyId: string },
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: commentKeys.chapter(chapterId) }),
    queryClient.invalidateQueries({ queryKey: storyKeys.detail(storyId), exact: true }),
  ]);
}
