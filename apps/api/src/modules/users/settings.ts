import { resolveSettings, type UpdateSettingsBody, type UserSettings } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { unauthorized } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { visibleToEveryone } from './privacy.js';
import { lockUser, setProfilePublic } from './repo.js';
import { findSettings, saveSettings } from './settings-repo.js';

/**
 * A user's settings object, kept on the server so it follows the user across devices.
 * Stored as JSON in user_settings; fields never saved read as DEFAULT_SETTINGS. Whether the
 * profile is visible to everyone is also kept on the user's row, for the author directory's order.
 */
export function createSettingsService({ db }: { db: Db }) {
  const k = db.kysely;
  return {
    get: async (userId: string): Promise<UserSettings> =>
      resolveSettings(await findSettings(k, userId)),

    /** Merges the given fields into the stored settings under the user's row lock. */
    update: (userId: string, changes: UpdateSettingsBody): Promise<UserSettings> =>
      k.transaction().execute(async (trx) => {
        if (!(await lockUser(trx, db.dialect, userId))) throw unauthorized();
        const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
        const merged = resolveSettings({
          ...resolveSettings(await findSettings(trx, userId)),
          ...Object.fromEntries(defined),
        });
        await saveSettings(trx, userId, merged, nowIso());
        await setProfilePublic(trx, userId, visibleToEveryone(merged));
        return merged;
      }),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
