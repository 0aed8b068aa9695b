import type { Genre, Paged, Story, StorySort } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from './api';

/** Query keys of the public story lists; everything under 'stories' refreshes after a change. */
export const storyListKeys = {
  all: ['stories'] as const,
  list: (params: StoryListParams) => ['stories', 'list', params] as const,
};

export type StoryListParams = {
  sort: StorySort;
  limit: number;
  page?: number;
  genre?: Genre | undefined;
};

/** `GET /stories`: public stories in one of the list orders. */
export const getStoryList = (params: StoryListParams, signal?: AbortSignal) =>
  get<Paged<Story>>('/stories', {
    query: { page: params.page ?? 1, limit: params.limit, sort: params.sort, genre: params.genre },
    ...(signal ? { signal } : {}),
  });

export const storyListOptions = (params: StoryListParams) =>
  queryOptions({
    queryKey: storyListKeys.list(params),
    queryFn: ({ signal }) => getStoryList(params, signal),
  });

/**
 * A section's stories (home, the feed, Discover's side lists). Spec §8: a failure is logged and
 * the list is left empty, so a section never shows an error of its own.
 */
export function useStorySection(params: StoryListParams, enabled = true) {
  const query = useQuery({ ...storyListOptions(params), enabled });
  const { error } = query;
  useEffect(() => {
    if (error) console.error(`Failed to load ${params.sort} stories`, error);
  }, [error, params.sort]);
  return {
    stories: query.data?.items ?? [],
    loading: enabled && query.isPending,
  };
}
