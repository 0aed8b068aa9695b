import type { Chapter } from '@storyloom/shared';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { storyKeys } from './keys';

/** `GET /chapters/by-story/{id}?published_only=false`: drafts too, for the story's author. */
export const getAllChapters = (storyId: string, signal?: AbortSignal) =>
  get<Chapter[]>(`/chapters/by-story/${encodeURIComponent(storyId)}`, {
    query: { published_only: false },
    ...(signal ? { signal } : {}),
  });

export const allChaptersQueryOptions = (storyId: string) =>
  queryOptions({
    queryKey: storyKeys.allChapters(storyId),
    queryFn: ({ signal }) => getAllChapters(storyId, signal),
    staleTime: 0,
    retry: false,
  });
