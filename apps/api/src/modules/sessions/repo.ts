import type { Kysely, Transaction } from 'kysely';
import type { ActiveSession, Database, SessionRow, UserRow } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

export type NewSessionRow = Pick<
  SessionRow,
  'id' | 'user_id' | 'method' | 'device' | 'user_agent' | 'network' | 'created_at'
>;

export async function insertSession(db: Exec, row: NewSessionRow): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...row, last_used_at: row.created_at })
    .execute();
}

/** A session that has not been ended, with its user (one primary-key join). */
export async function findLiveSession(
  db: Exec,
  id: string,
): Promise<{ session: ActiveSession; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.method as session_method',
      's.created_at as session_created_at',
      's.last_used_at as session_last_used_at',
    ])
    .where('s.id', '=', id)
    .where('s.ended_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_method, session_created_at, session_last_used_at, ...user } = row;
  return {
    session: {
      id: session_id,
      method: session_method,
      created_at: session_created_at,
      last_used_at: session_last_used_at,
    },
    user,
  };
}

export async function touchSession(db: Exec, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Ends one session; true when it was live. */
export async function endSession(
  db: Exec,
  id: string,
  reason: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every live session of a user, but `keep` when given. */
export async function endSessionsOfUser(
  db: Exec,
  userId: string,
  reason: string,
  at: string,
  keep?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: at, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keep) query = query.where('id', '<>', keep);
  await query.execute();
}

/** A user's live sessions, most recently used first. */
export function liveSessionsOf(db: Exec, userId: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Whether the user ever signed in before, and whether ever from this device. */
export async function deviceHistory(
  db: Exec,
  userId: string,
  device: string,
  except: string,
): Promise<{ signedInBefore: boolean; knownDevice: boolean }> {
  const rows = await db
    .selectFrom('sessions')
    .select('device')
    .where('user_id', '=', userId)
    .where('id', '<>', except)
    .execute();
  return {
    signedInBefore: rows.length > 0,
    knownDevice: rows.some((row) => row.device === device),
  };
}

/** Whether the user has signed in from this network before (a usual place). */
export async function usedNetwork(db: Exec, userId: string, network: string): Promise<boolean> {
  if (!network) return false;
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- refresh tokens and login codes ----------------------------------------------------------

export async function insertRefreshToken(
  db: Exec,
  sessionId: string,
  tokenHash: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: tokenHash, session_id: sessionId, created_at: at })
    .execute();
}

export function findRefreshToken(db: Exec, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when another request used it first. */
export async function useRefreshToken(db: Exec, tokenHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertLoginCode(
  db: Exec,
  sessionId: string,
  codeHash: string,
  expiresAt: string,
): Promise<void> {
  await db
    .insertInto('login_codes')
    .values({ code_hash: codeHash, session_id: sessionId, expires_at: expiresAt })
    .execute();
}

/** Uses a login code once: its session id, or undefined when unknown, used or expired. */
export async function consumeLoginCode(
  db: Exec,
  codeHash: string,
  at: string,
): Promise<string | undefined> {
  const result = await db
    .updateTable('login_codes')
    .set({ used_at: at })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('session_id')
    .executeTakeFirst();
  return result?.session_id;
}
