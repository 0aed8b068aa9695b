import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** The stored JSON, parsed; undefined when the user never saved settings (or it is unreadable). */
export function parseStoredSettings(json: string | null | undefined): unknown {
  if (json === undefined || json === null) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

export async function findSettings(db: Exec, userId: string): Promise<unknown> {
  const row = await db
    .selectFrom('user_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return parseStoredSettings(row?.settings);
}

/** Stored settings of many users in one query; users without a row are absent from the map. */
export async function settingsOfMany(db: Exec, userIds: string[]): Promise<Map<string, unknown>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_settings')
    .select(['user_id', 'settings'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, parseStoredSettings(row.settings)]));
}

export async function saveSettings(
  db: Exec,
  userId: string,
  settings: object,
  now: string,
): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}
