import type { Chapter } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { refreshEachVisit } from '../../lib/page-data';
import { withOfflineCopy } from '../offline/with-offline-copy';
import { retryUnlessClientError } from '../retry';
import { chapterKeys } from './keys';

type Which = { publishedOnly: boolean };

/**
 * `GET /chapters/by-story/{id}`, in order: the published ones a reader may read, or (for the
 * story's author) drafts too. With no connection, the published ones kept offline (api/offline)
 * if the reader kept the story.
 */
export const getStoryChapters = (
  storyId: string,
  { publishedOnly }: Which,
  signal?: AbortSignal,
) => {
  const path = `/chapters/by-story/${encodeURIComponent(storyId)}`;
  const query = { published_only: publishedOnly };
  const load = () => get<Chapter[]>(path, { query, ...(signal ? { signal } : {}) });
  return publishedOnly ? withOfflineCopy(path, query, load) : load();
};

export const storyChaptersQueryOptions = (storyId: string, which: Which) =>
  queryOptions({
    queryKey: chapterKeys.byStory(storyId, which),
    queryFn: ({ signal }) => getStoryChapters(storyId, which, signal),
    staleTime: refreshEachVisit,
    // The editor shows its own notice at once when the author's list fails to load.
    retry: which.publishedOnly ? retryUnlessClientError : false,
    // Asks even with no connection: the answer may be the copy kept offline.
    networkMode: 'offlineFirst',
  });

/** The chapters a reader may read. */
export const usePublishedChapters = (storyId: string) =>
  useQuery(storyChaptersQueryOptions(storyId, { publishedOnly: true }));
