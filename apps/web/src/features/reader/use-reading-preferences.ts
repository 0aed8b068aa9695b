import {
  DEFAULT_READING_PREFERENCES,
  parseReadingPreferences,
  type ReadingPreferences,
  resolveReadingPreferences,
  STORAGE_KEYS,
} from '@storyloom/shared';
import { useSyncExternalStore } from 'react';
import { readString, writeString } from '../../lib/storage';
import { putPreferencesOnRoot } from './root-preferences';

const KEY = STORAGE_KEYS.readingPreferences;
const listeners = new Set<() => void>();
let current: ReadingPreferences | null = null;

function snapshot(): ReadingPreferences {
  current ??= parseReadingPreferences(readString(KEY));
  return current;
}

function publish(next: ReadingPreferences) {
  current = next;
  putPreferencesOnRoot(document.documentElement, next);
  for (const listener of listeners) listener();
}

/** Another tab changed them: follow along. */
function onStorage(event: StorageEvent) {
  if (event.key === KEY || event.key === null) publish(parseReadingPreferences(readString(KEY)));
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function save(next: ReadingPreferences) {
  writeString(KEY, JSON.stringify(next));
  publish(next);
}

/** What the server renders the reader with: it cannot see the browser's storage. */
const serverSnapshot = () => DEFAULT_READING_PREFERENCES;

/**
 * The reading preferences, kept in localStorage under 'reading-preferences'. Values
 * that are not allowed fall back to the defaults. The page shows them through <html> (see
 * root-preferences.ts): public/theme-init.js puts the stored ones there before the first paint,
 * and every change here (or in another tab) puts the new ones there at once. Components read
 * them from this hook only to show the settings themselves; a page the server rendered is
 * hydrated with the defaults it was rendered with, then the settings show the reader's own.
 */
export function useReadingPreferences() {
  const preferences = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return {
    preferences,
    update: (changes: Partial<ReadingPreferences>) =>
      save(resolveReadingPreferences({ ...snapshot(), ...changes })),
    reset: () => save({ ...DEFAULT_READING_PREFERENCES }),
  };
}
