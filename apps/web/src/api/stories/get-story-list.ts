import type { Paged, Story } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';
import { type StoryListParams, storyKeys } from './keys';

/** `GET /stories`: public stories in one of the list orders. */
export const getStoryList = (params: StoryListParams, signal?: AbortSignal) =>
  get<Paged<Story>>('/stories', {
    query: { page: params.page ?? 1, limit: params.limit, sort: params.sort, genre: params.genre },
    ...(signal ? { signal } : {}),
  });

export const storyListQueryOptions = (params: StoryListParams) =>
  queryOptions({
    queryKey: storyKeys.list(params),
    queryFn: ({ signal }) => getStoryList(params, signal),
  });

/**
 * A section's stories (home, the feed, Discover's side lists). A failure is logged and the list
 * is left empty, so a section never shows an error of its own.
 */
export function useStorySection(params: StoryListParams, enabled = true) {
  const query = useQuery({ ...storyListQueryOptions(params), enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error(`Failed to load ${params.sort} stories`, error);
  }, [error, params.sort]);
  return {
    stories: query.data?.items ?? [],
    loading: enabled && query.isPending,
  };
}
