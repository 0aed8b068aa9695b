import type { UserStats } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from './api';

/** Under 'me', which follows, likes and reads invalidate. */
export const userStatsKey = ['me', 'stats'] as const;

/** `GET /users/me/stats`: Your Stats and the Monthly Reading Challenge. */
export const userStatsOptions = () =>
  queryOptions({
    queryKey: userStatsKey,
    queryFn: ({ signal }) => get<UserStats>('/users/me/stats', { signal }),
    staleTime: 0,
  });

export const useUserStats = (enabled: boolean) => useQuery({ ...userStatsOptions(), enabled });
