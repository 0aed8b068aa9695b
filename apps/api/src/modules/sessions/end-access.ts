import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';
import { bumpTokenVersion } from '../users/repo.js';
import { endSessionsOfUser } from './repo.js';

/**
 * Ends every way into an account but the session `keep`: its sessions, and the tokens issued
 * before sessions existed (by moving token_version on). Runs in the caller's transaction, with
 * the change (a new password, a reset, a claimed account) that makes it necessary.
 */
export async function endAccess(
  trx: Transaction<Database>,
  userId: string,
  reason: string,
  keep?: string,
): Promise<void> {
  await endSessionsOfUser(trx, userId, reason, nowIso(), keep);
  await bumpTokenVersion(trx, userId);
}
