import type { UserSettings } from '@storyloom/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { meKeys } from './keys';

/** `GET /users/me/settings`: the whole settings object, defaults for what was never saved. */
export const getMySettings = (signal?: AbortSignal) =>
  get<UserSettings>('/users/me/settings', signal ? { signal } : undefined);

export const mySettingsQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.settings,
    queryFn: ({ signal }) => getMySettings(signal),
    // Another device may have changed them.
    staleTime: 0,
  });

export const useMySettings = () => useQuery(mySettingsQueryOptions());
