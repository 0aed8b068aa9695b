import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { concurrencyLimit } from '../../lib/concurrency.js';

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): ~45 ms here. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hash per core at a time: each takes 19 MiB and a libuv thread, and more at once would not
 * finish sooner. A burst of sign-ins then costs at most cores × 19 MiB, and leaves the rest of
 * the thread pool to file and DNS work.
 */
const hashing = concurrencyLimit(availableParallelism());

export const hashPassword = (password: string): Promise<string> =>
  hashing(() => argon2.hash(password, OPTIONS));

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
