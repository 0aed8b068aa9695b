import { DISCOVERY, type Story } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { storyKeys } from './keys';

/** `GET /stories/{id}/similar`: More Like This (public stories of the same genre). */
export const getSimilarStories = (id: string, signal?: AbortSignal) =>
  get<Story[]>(`/stories/${encodeURIComponent(id)}/similar`, {
    query: { limit: DISCOVERY.similarMax },
    ...(signal ? { signal } : {}),
  });

export const similarStoriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.similar(id),
    queryFn: ({ signal }) => getSimilarStories(id, signal),
  });

/** Loads once the story itself has loaded (a missing or private story has no neighbours). */
export const useSimilarStories = (id: string, enabled: boolean) =>
  useQuery({ ...similarStoriesQueryOptions(id), enabled });
