import type { UserStats } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { meKeys } from './keys';

/** `GET /users/me/stats`: Your Stats and the Monthly Reading Challenge. */
export const getMyStats = (signal?: AbortSignal) =>
  get<UserStats>('/users/me/stats', signal ? { signal } : undefined);

export const myStatsQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.stats,
    queryFn: ({ signal }) => getMyStats(signal),
    staleTime: 0,
  });

export const useMyStats = (enabled: boolean) => useQuery({ ...myStatsQueryOptions(), enabled });
