import type { Chapter } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { retryUnlessClientError } from '../retry';
import { chapterKeys } from './keys';

type Which = { publishedOnly: boolean };

/**
 * `GET /chapters/by-story/{id}`, in order: the published ones a reader may read, or (for the
 * story's author) drafts too.
 */
export const getStoryChapters = (storyId: string, { publishedOnly }: Which, signal?: AbortSignal) =>
  get<Chapter[]>(`/chapters/by-story/${encodeURIComponent(storyId)}`, {
    query: { published_only: publishedOnly },
    ...(signal ? { signal } : {}),
  });

export const storyChaptersQueryOptions = (storyId: string, which: Which) =>
  queryOptions({
    queryKey: chapterKeys.byStory(storyId, which),
    queryFn: ({ signal }) => getStoryChapters(storyId, which, signal),
    staleTime: 0,
    // The editor shows its own notice at once when the author's list fails to load.
    retry: which.publishedOnly ? retryUnlessClientError : false,
  });

/** The chapters a reader may read. */
export const usePublishedChapters = (storyId: string) =>
  useQuery(storyChaptersQueryOptions(storyId, { publishedOnly: true }));
