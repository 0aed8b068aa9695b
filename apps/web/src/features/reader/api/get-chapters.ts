import type { Chapter } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { retryUnlessClientError } from './get-story';
import { readerKeys } from './keys';

/** `GET /chapters/by-story/{id}?published_only=true`: the chapters a reader may read, in order. */
export const getPublishedChapters = (storyId: string, signal?: AbortSignal) =>
  get<Chapter[]>(`/chapters/by-story/${encodeURIComponent(storyId)}`, {
    query: { published_only: true },
    ...(signal ? { signal } : {}),
  });

export const publishedChaptersQueryOptions = (storyId: string) =>
  queryOptions({
    queryKey: readerKeys.publishedChapters(storyId),
    queryFn: ({ signal }) => getPublishedChapters(storyId, signal),
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const usePublishedChapters = (storyId: string) =>
  useQuery(publishedChaptersQueryOptions(storyId));
