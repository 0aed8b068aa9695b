import type { CommentThread } from '@storyloom/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { nextPageParam } from '../../lib/paging';
import { retryUnlessClientError } from '../retry';
import { commentKeys, type ThreadParams } from './keys';

/** Top-level comments a page of a thread holds. */
export const COMMENTS_PAGE_SIZE = 20;

/**
 * `GET /chapters/{id}/comments?sort&paragraph`: a page of the chapter-level thread (comments
 * on no paragraph, and those whose paragraph was since removed), or of one paragraph's.
 */
export const getComments = (
  chapterId: string,
  { paragraph, sort }: ThreadParams,
  page: number,
  signal?: AbortSignal,
) =>
  get<CommentThread>(`/chapters/${encodeURIComponent(chapterId)}/comments`, {
    query: { page, limit: COMMENTS_PAGE_SIZE, sort, paragraph },
    ...(signal ? { signal } : {}),
  });

export const commentsQueryOptions = (chapterId: string, params: ThreadParams) =>
  infiniteQueryOptions({
    queryKey: commentKeys.thread(chapterId, params),
    queryFn: ({ pageParam, signal }) => getComments(chapterId, params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<CommentThread['items'][number]>,
    staleTime: 0,
    retry: retryUnlessClientError,
  });

/**
 * A thread on screen. Another order keeps the comments shown until its own arrive (a thread
 * of another chapter or paragraph is another component, so it never shows this one's).
 */
export const useComments = (chapterId: string, params: ThreadParams) =>
  useInfiniteQuery({
    ...commentsQueryOptions(chapterId, params),
    placeholderData: keepPreviousData,
  });
