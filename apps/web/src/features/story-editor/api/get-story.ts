import type { Story } from '@storyloom/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, get } from '../../../lib/api';
import { storyKeys } from './keys';

export const getStory = (id: string, signal?: AbortSignal) =>
  get<Story>(`/stories/${encodeURIComponent(id)}`, signal ? { signal } : undefined);

/** A 4xx will not change on retry (not found, private, forbidden). */
const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);

/** The editor always starts from what the server holds now. */
export const storyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => getStory(id, signal),
    staleTime: 0,
    retry: retryUnlessClientError,
  });
