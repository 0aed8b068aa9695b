import type { StatsWindow, StoryStats } from '@storyloom/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { retryUnlessClientError } from '../retry';
import { storyKeys } from './keys';

/** `GET /stories/{id}/stats?days=`: the author's figures of the last `days` UTC days. */
export const getStoryStats = (id: string, days: StatsWindow, signal?: AbortSignal) =>
  get<StoryStats>(`/stories/${encodeURIComponent(id)}/stats`, {
    query: { days },
    ...(signal ? { signal } : {}),
  });

export const storyStatsQueryOptions = (id: string, days: StatsWindow) =>
  queryOptions({
    queryKey: storyKeys.stats(id, days),
    queryFn: ({ signal }) => getStoryStats(id, days, signal),
    retry: retryUnlessClientError,
    // Switching the window keeps the charts of the last one on screen until the next arrive.
    placeholderData: keepPreviousData,
  });

export const useStoryStats = (id: string, days: StatsWindow) =>
  useQuery(storyStatsQueryOptions(id, days));
