import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A path as printed: relative to the root when inside it, absolute otherwise. */
export function shown(path: string): string {
  const rel = relative(ROOT, path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
