import type { StoryDetail } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../../lib/api';
import { detailKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** `GET /stories/{id}`: the story, its author summary and the caller's relation to it. */
export const getStoryDetail = (id: string, signal?: AbortSignal) =>
  get<StoryDetail>(`/stories/${encodeURIComponent(id)}`, signal ? { signal } : undefined);

export const storyDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: detailKeys.story(id),
    queryFn: ({ signal }) => getStoryDetail(id, signal),
    // Shown from the cache at once, refreshed on every visit: counts, likes and the reader's
    // progress change while the cached copy waits.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const useStoryDetail = (id: string) => useQuery(storyDetailQueryOptions(id));
