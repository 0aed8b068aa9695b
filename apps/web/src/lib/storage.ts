/**
 * Browser storage access that never throws: storage can be missing (tests, SSR) or blocked
 * (privacy modes, full quota). Keys live in `STORAGE_KEYS` from `@storyloom/shared`.
 */
export type StringStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStorage(): StringStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

let fallback: StringStorage | undefined;

/** `localStorage` when usable, else an in-memory stand-in for this page's lifetime. */
export function browserStorage(): StringStorage {
  try {
    if (typeof localStorage !== 'undefined' && localStorage) return localStorage;
  } catch {
    // Accessing localStorage throws when cookies/storage are blocked.
  }
  fallback ??= memoryStorage();
  return fallback;
}

export function readString(key: string): string | null {
  try {
    return browserStorage().getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    browserStorage().setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the in-memory state still works for this visit.
  }
}

export function removeKey(key: string): void {
  try {
    browserStorage().removeItem(key);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}
