import type { UserSettings } from '@storyloom/shared';
import { queryOptions } from '@tanstack/react-query';
import { get, put } from '../../../lib/api';

/**
 * The settings query key. Other areas read parts of the settings under this prefix (the story
 * form's default visibility), so invalidating it refreshes them too.
 */
export const settingsKey = ['users', 'me', 'settings'] as const;

/** `GET /users/me/settings`: the whole settings object, defaults for what was never saved. */
export const getSettings = (signal?: AbortSignal) =>
  get<UserSettings>('/users/me/settings', signal ? { signal } : undefined);

/** `PUT /users/me/settings`: merges the given fields; answers the whole object. */
export const saveSettings = (changes: Partial<UserSettings>) =>
  put<UserSettings>('/users/me/settings', changes);

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => getSettings(signal),
    // Another device may have changed them.
    staleTime: 0,
  });
