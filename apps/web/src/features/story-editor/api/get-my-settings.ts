import { VISIBILITIES, type Visibility } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';

type UserSettings = { defaultStoryVisibility?: unknown };

/**
 * The author's default story visibility from `GET /users/me/settings` (design: settings live on
 * the server). Any failure, or a server without the endpoint, means the spec's default: public.
 */
export async function getDefaultVisibility(signal?: AbortSignal): Promise<Visibility> {
  try {
    const settings = await get<UserSettings>('/users/me/settings', signal ? { signal } : undefined);
    const value = settings?.defaultStoryVisibility;
    return (VISIBILITIES as readonly unknown[]).includes(value) ? (value as Visibility) : 'public';
  } catch (error) {
    if (signal?.aborted) throw error;
    return 'public';
  }
}

export const defaultVisibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'settings', 'defaultStoryVisibility'] as const,
    queryFn: ({ signal }) => getDefaultVisibility(signal),
  });

export const useDefaultVisibility = () => useQuery(defaultVisibilityQueryOptions());
