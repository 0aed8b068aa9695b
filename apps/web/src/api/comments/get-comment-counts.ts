import type { CommentCounts } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { retryUnlessClientError } from '../retry';
import { commentKeys } from './keys';

/** `GET /chapters/{id}/comment-counts`: top-level comments per paragraph, and on the chapter. */
export const getCommentCounts = (chapterId: string, signal?: AbortSignal) =>
  get<CommentCounts>(
    `/chapters/${encodeURIComponent(chapterId)}/comment-counts`,
    signal ? { signal } : undefined,
  );

export const commentCountsQueryOptions = (chapterId: string) =>
  queryOptions({
    queryKey: commentKeys.counts(chapterId),
    queryFn: ({ signal }) => getCommentCounts(chapterId, signal),
    staleTime: 0,
    retry: retryUnlessClientError,
  });

/** The counts of the chapter on screen, once there is one. */
export const useCommentCounts = (chapterId: string | undefined) =>
  useQuery({ ...commentCountsQueryOptions(chapterId ?? ''), enabled: Boolean(chapterId) });
