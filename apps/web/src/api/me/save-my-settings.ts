import type { UserSettings } from '@storyloom/shared';
import { put } from '../../lib/api';

/**
 * `PUT /users/me/settings`: merges the given fields; answers the whole object, which is what
 * `meKeys.settings` then holds.
 */
export const saveMySettings = (changes: Partial<UserSettings>) =>
  put<UserSettings>('/users/me/settings', changes);
