import type { authProvidersResponse } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { authKeys } from './keys';

export type AuthProviders = ReturnType<typeof authProvidersResponse.parse>;

/** Which sign-in providers the server has (`GET /auth/providers`). */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return get<AuthProviders>('/auth/providers', { token: null, ...(signal ? { signal } : {}) });
}

export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.providers,
    queryFn: ({ signal }) => getAuthProviders(signal),
    // The server's configuration does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
