import {
  DEFAULT_READING_PREFERENCES,
  parseReadingPreferences,
  type ReadingPreferences,
  resolveReadingPreferences,
  STORAGE_KEYS,
} from '@storyloom/shared';
import { useSyncExternalStore } from 'react';
import { readString, writeString } from '../../lib/storage';

const KEY = STORAGE_KEYS.readingPreferences;
const listeners = new Set<() => void>();
let current: ReadingPreferences | null = null;

function snapshot(): ReadingPreferences {
  current ??= parseReadingPreferences(readString(KEY));
  return current;
}

function publish(next: ReadingPreferences) {
  current = next;
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
 * The reading preferences (spec §3), applied as they change and kept in localStorage under
 * 'reading-preferences'. Values that are not allowed fall back to the defaults. A page the
 * server rendered is hydrated with the defaults it was rendered with, then shows the reader's
 * own at once.
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
