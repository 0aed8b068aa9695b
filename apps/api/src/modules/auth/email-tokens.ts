import type { Kysely, Transaction } from 'kysely';
import type { Database, EmailTokensTable } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { nowIso } from '../../lib/time.js';

type Exec = Kysely<Database> | Transaction<Database>;
export type EmailTokenPurpose = EmailTokensTable['purpose'];

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

/**
 * Issues a single-use token for the user and purpose; earlier unused ones of the same purpose
 * stop working. Only the hash is stored.
 */
export async function issueEmailToken(
  db: Exec,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db
    .updateTable('email_tokens')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      id: newId(),
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now + EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

/** Marks a valid token used and returns its user id; null when unknown, used or expired. */
export async function consumeEmailToken(
  db: Exec,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('email_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.user_id : null;
}
