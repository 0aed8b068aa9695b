import type { ChapterSummary } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { withOfflineCopy } from '../offline/with-offline-copy';
import { retryUnlessClientError } from '../retry';
import { chapterKeys } from './keys';

type Which = { publishedOnly: boolean };

/**
 * `GET /stories/{id}/chapters`: the table of contents, in order, without the chapters' text.
 * `publishedOnly: false` adds the drafts when the caller is the story's author (anyone else
 * gets the published chapters all the same). With no connection, the published ones kept offline
 * (api/offline) if the reader kept the story.
 */
export const getStoryContents = (
  storyId: string,
  { publishedOnly }: Which,
  signal?: AbortSignal,
) => {
  const path = `/stories/${encodeURIComponent(storyId)}/chapters`;
  const query = { published_only: publishedOnly };
  const load = () => get<ChapterSummary[]>(path, { query, ...(signal ? { signal } : {}) });
  return publishedOnly ? withOfflineCopy(path, query, load) : load();
};

/**
 * Fresh for a minute: a page the server rendered is taken over without asking again, and a
 * reader coming back later sees chapters published meanwhile (the author's own saves refresh
 * it at once: they refresh everything under the story's key).
 */
const CONTENTS_FRESH_MS = 60_000;

export const storyContentsQueryOptions = (storyId: string, which: Which) =>
  queryOptions({
    queryKey: chapterKeys.contents(storyId, which),
    queryFn: ({ signal }) => getStoryContents(storyId, which, signal),
    staleTime: CONTENTS_FRESH_MS,
    retry: retryUnlessClientError,
    // Asks even with no connection: the answer may be the copy kept offline.
    networkMode: 'offlineFirst',
  });

export const useStoryContents = (storyId: string, which: Which) =>
  useQuery(storyContentsQueryOptions(storyId, which));
