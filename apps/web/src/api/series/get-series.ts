import type { Series } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { refreshEachVisit } from '../../lib/page-data';
import { retryUnlessClientError } from '../retry';
import { seriesKeys } from './keys';

/** `GET /series/{id}`: the series and the parts the caller may see, in order. */
export const getSeries = (id: string, signal?: AbortSignal) =>
  get<Series>(`/series/${encodeURIComponent(id)}`, signal ? { signal } : undefined);

export const seriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: seriesKeys.detail(id),
    queryFn: ({ signal }) => getSeries(id, signal),
    staleTime: refreshEachVisit,
    retry: retryUnlessClientError,
  });

export const useSeries = (id: string) => useQuery(seriesQueryOptions(id));

/** `GET /users/me/series`: the signed-in author's series, every part shown. */
export const useMySeries = () =>
  useQuery({
    queryKey: seriesKeys.mine,
    queryFn: ({ signal }) => get<Series[]>('/users/me/series', { signal }),
  });
