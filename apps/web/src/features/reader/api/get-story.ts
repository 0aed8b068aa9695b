import type { StoryDetail } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, get } from '../../../lib/api';
import { readerKeys } from './keys';

/** A 4xx (not found, private) will not change on retry; one retry for the rest. */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);

/** `GET /stories/{id}`: the title for the header and, signed in, where the reader stopped. */
export const getStory = (id: string, signal?: AbortSignal) =>
  get<StoryDetail>(`/stories/${encodeURIComponent(id)}`, signal ? { signal } : undefined);

export const readerStoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: readerKeys.story(id),
    queryFn: ({ signal }) => getStory(id, signal),
    // Fresh on every visit: the saved position decides which chapter opens.
    staleTime: 0,
    retry: retryUnlessClientError,
  });

export const useReaderStory = (id: string) => useQuery(readerStoryQueryOptions(id));
