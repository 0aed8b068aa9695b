import type { ChapterSummary } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { retryUnlessClientError } from '../retry';
import { chapterKeys } from './keys';

type Which = { publishedOnly: boolean };

/**
 * `GET /stories/{id}/chapters`: the table of contents, in order, without the chapters' text.
 * `publishedOnly: false` adds the drafts when the caller is the story's author (anyone else
 * gets the published chapters all the same).
 */
export const getStoryContents = (storyId: string, { publishedOnly }: Which, signal?: AbortSignal) =>
  get<ChapterSummary[]>(`/stories/${encodeURIComponent(storyId)}/chapters`, {
    query: { published_only: publishedOnly },
    ...(signal ? { signal } : {}),
  });

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
  });

export const useStoryContents = (storyId: string, which: Which) =>
  useQuery(storyContentsQueryOptions(storyId, which));
