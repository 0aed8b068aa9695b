import type { StoryDetail } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { refreshEachVisit } from '../../lib/page-data';
import { withOfflineCopy } from '../offline/with-offline-copy';
import { retryUnlessClientError } from '../retry';
import { storyKeys } from './keys';

/**
 * `GET /stories/{id}`: the story, its author summary and the caller's relation to it; with no
 * connection, the copy kept offline (api/offline) if the reader kept the story.
 */
export const getStory = (id: string, signal?: AbortSignal) => {
  const path = `/stories/${encodeURIComponent(id)}`;
  return withOfflineCopy(path, undefined, () =>
    get<StoryDetail>(path, signal ? { signal } : undefined),
  );
};

export const storyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(id),
    queryFn: ({ signal }) => getStory(id, signal),
    // Shown from the cache at once, refreshed on every visit: counts, likes and the reader's
    // saved position (which decides the chapter the reader opens) change while it waits, and
    // the editor starts from what the server holds now (a server-rendered page's own copy
    // excepted, for its first seconds: lib/page-data.ts).
    staleTime: refreshEachVisit,
    retry: retryUnlessClientError,
    // Asks even with no connection: the answer may be the copy kept offline.
    networkMode: 'offlineFirst',
  });

export const useStory = (id: string) => useQuery(storyQueryOptions(id));
