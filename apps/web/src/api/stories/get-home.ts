import type { HomeSections } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../lib/api';
import { storyKeys } from './keys';

/** `GET /home`: the home page's four sections, each story once, as cards. */
export const getHome = (signal?: AbortSignal) =>
  get<HomeSections>('/home', signal ? { signal } : {});

export const homeQueryOptions = () =>
  queryOptions({ queryKey: storyKeys.home, queryFn: ({ signal }) => getHome(signal) });

const EMPTY: HomeSections = { featured: [], most_popular: [], trending: [], latest: [] };

/**
 * The home page's sections. A failure is logged and the sections are left empty, so the page
 * shows the rest of itself and never an error of its own.
 */
export function useHomeSections() {
  const query = useQuery(homeQueryOptions());
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load the home page’s stories', error);
  }, [error]);
  return { sections: query.data ?? EMPTY, loading: query.isPending };
}
