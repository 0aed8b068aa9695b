import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The UTC calendar day of `at`, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Keys for anonymous readers (docs/decisions/008-read-counting.md): an HMAC of the address and
 * user agent under a random salt that exists for one UTC day. The salt lives in the database
 * (so every node and a restart agree) and is deleted once its day is over, after which no key
 * of that day can be linked to an address again, not even by us. Nothing else about the
 * visitor is stored.
 */
export function createReaderKeys(db: Kysely<Database>) {
  let current: { day: string; salt: string } | null = null;

  async function saltOf(day: string): Promise<string> {
    if (current?.day === day) return current.salt;
    await db
      .insertInto('reader_salts')
      .values({ day, salt: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await db
      .selectFrom('reader_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('reader_salts').where('day', '<', day).execute();
    current = { day, salt: row.salt };
    return row.salt;
  }

  return {
    /** `anon:` + 128 bits of HMAC-SHA256(today's salt, day, address, user agent). */
    async anonymous(address: string, userAgent: string, at: Date): Promise<string> {
      const day = utcDay(at);
      const mac = createHmac('sha256', await saltOf(day))
        .update(`${day}\n${address}\n${userAgent}`)
        .digest('base64url');
      return `anon:${mac.slice(0, 22)}`;
    },
  };
}
export type ReaderKeys = ReturnType<typeof createReaderKeys>;
