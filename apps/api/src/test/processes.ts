import { readFileSync } from 'node:fs';

/**
 * A process's children (Linux, from /proc): the server processes a SERVER_PROCESSES primary
 * started, for the tests and the bench. Empty when it is gone or /proc cannot say.
 */
export function childrenOf(pid: number): number[] {
  try {
    const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return listed ? listed.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}
