import type { UserSettings } from '@storyloom/shared';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { meKeys } from './keys';

/** `GET /users/me/settings`: the whole settings object, defaults for what was never saved. */
export const getMySettings = (signal?: AbortSignal) =>
  get<UserSettings>('/users/me/settings', signal ? { signal } : undefined);

/**
 * No hook here: the page shell loads this module (settings follow the user on sign-in), and the
 * query hooks stay out of the first page's scripts.
 */
export const mySettingsQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.settings,
    queryFn: ({ signal }) => getMySettings(signal),
    // Another device may have changed them.
    staleTime: 0,
  });
