import { STORAGE_KEYS, type UserSettings } from '@storyloom/shared';
import { readString, removeKey, writeString } from '../../../lib/storage';
import { CHOICES } from './options';

/**
 * Unsaved settings survive a reload: they are kept under `user-settings` with the
 * id of the user they belong to, so another account on the same browser never picks them up.
 * Only settings live here; password fields never do.
 */
interface StoredDraft {
  userId: string;
  settings: Record<string, unknown>;
}

/** Settings that differ between `a` and `b`, with `b`'s values. */
export function changedSettings(a: UserSettings, b: UserSettings): Partial<UserSettings> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(b) as (keyof UserSettings)[]) {
    if (a[key] !== b[key]) changes[key] = b[key];
  }
  return changes as Partial<UserSettings>;
}

/** A stored value is used only if it has the server's type and, for choices, a known value. */
function fits(key: keyof UserSettings, value: unknown, like: unknown): boolean {
  if (typeof value !== typeof like) return false;
  const choices = CHOICES[key];
  return !choices || choices.includes(value);
}

/** The draft over the server's settings, or null when there is none for this user. */
export function readDraft(userId: string, server: UserSettings): UserSettings | null {
  const raw = readString(STORAGE_KEYS.settings);
  if (!raw) return null;
  let stored: StoredDraft;
  try {
    stored = JSON.parse(raw) as StoredDraft;
  } catch {
    return null;
  }
  if (!stored || stored.userId !== userId || typeof stored.settings !== 'object') return null;
  const merged = { ...server } as Record<string, unknown>;
  for (const key of Object.keys(server) as (keyof UserSettings)[]) {
    const value = stored.settings?.[key];
    if (key !== 'twoFactorEnabled' && fits(key, value, server[key])) merged[key] = value;
  }
  return merged as UserSettings;
}

export function writeDraft(userId: string, settings: UserSettings): void {
  const draft: StoredDraft = { userId, settings };
  writeString(STORAGE_KEYS.settings, JSON.stringify(draft));
}

export function clearDraft(): void {
  removeKey(STORAGE_KEYS.settings);
}
