import type { Paged, Story, UserSummary } from '@storyloom/shared';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';
import { nextPageParam } from '../../lib/paging';

/** Spec §9: the feed's loads. */
export const FEED = { popular: 20, latest: 20, trending: 10, following: 20, suggested: 5 } as const;

/** Following a suggested author invalidates 'feed', so the Following tab shows their stories. */
export const feedKeys = {
  all: ['feed'] as const,
  following: ['feed', 'following', { limit: FEED.following }] as const,
  suggested: ['users', 'suggested', { limit: FEED.suggested }] as const,
};

/** `GET /feed/following`: public stories by followed authors, newest first. */
export const getFollowingFeed = (page: number, signal?: AbortSignal) =>
  get<Paged<Story>>('/feed/following', {
    query: { page, limit: FEED.following },
    ...(signal ? { signal } : {}),
  });

export const followingFeedOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.following,
    queryFn: ({ pageParam, signal }) => getFollowingFeed(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<Story>,
    staleTime: 0,
  });

export const useFollowingFeed = (enabled: boolean) =>
  useInfiniteQuery({ ...followingFeedOptions(), enabled });

/** `GET /users/suggested`: authors of popular stories the user does not follow yet. */
export const getSuggestedAuthors = (signal?: AbortSignal) =>
  get<UserSummary[]>('/users/suggested', {
    query: { limit: FEED.suggested },
    ...(signal ? { signal } : {}),
  });

export function useSuggestedAuthors() {
  const query = useQuery({
    queryKey: feedKeys.suggested,
    queryFn: ({ signal }) => getSuggestedAuthors(signal),
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load suggested authors', error);
  }, [error]);
  return query;
}

/** For You: popular and latest taken in turns, each story once. */
export function mixForYou(popular: Story[], latest: Story[]): Story[] {
  const seen = new Set<string>();
  const mixed: Story[] = [];
  for (let i = 0; i < Math.max(popular.length, latest.length); i += 1) {
    for (const story of [popular[i], latest[i]]) {
      if (story && !seen.has(story.id)) {
        seen.add(story.id);
        mixed.push(story);
      }
    }
  }
  return mixed;
}
