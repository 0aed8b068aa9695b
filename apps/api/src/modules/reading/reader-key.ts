import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { purgeReadBudgetsBefore } from './repo.js';

/** The UTC calendar day of `at`, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The eight 16-bit groups of a valid IPv6 address (an embedded dotted quad is two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const start = parse(head);
  if (tail === undefined) return start;
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * What counts as one address for visitor reads (docs/decisions/008-read-counting.md): an IPv4
 * address as it is, an IPv6 address by its /64 (the smallest network one subscriber is
 * given, whose other 2^64 addresses a single host can take at will). An IPv4 address a
 * dual-stack socket reports as `::ffff:a.b.c.d` is that IPv4 address. Anything else (not an
 * address at all) is used as it is.
 */
export function readerNetwork(address: string): string {
  const bare = address.split('%')[0]!; // an IPv6 zone (fe80::1%eth0) names our interface
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** A visitor's keys for one UTC day (none of them can be linked to an address after it). */
export interface VisitorKeys {
  day: string;
  /** `anon:` + 128 bits of HMAC: one browser (address and user agent), the chapter_reads key. */
  readerKey: string;
  /** 128 bits of HMAC of the address alone: the anonymous_read_budget key. */
  addressKey: string;
}

/**
 * Keys for anonymous readers (docs/decisions/008-read-counting.md): HMACs of the address (and
 * user agent) under a random salt that exists for one UTC day. The salt lives in the database
 * (so every node and a restart agree) and is deleted once its day is over, together with the
 * day's address budgets, after which no key of that day can be linked to an address again,
 * not even by us. Nothing else about the visitor is stored.
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
    await purgeReadBudgetsBefore(db, day);
    current = { day, salt: row.salt };
    return row.salt;
  }

  return {
    /** Today's keys for the visitor at `address` with `userAgent`. */
    async anonymous(address: string, userAgent: string, at: Date): Promise<VisitorKeys> {
      const day = utcDay(at);
      const salt = await saltOf(day);
      const mac = (text: string) =>
        createHmac('sha256', salt).update(text).digest('base64url').slice(0, 22);
      const network = readerNetwork(address);
      return {
        day,
        readerKey: `anon:${mac(`${day}\n${network}\n${userAgent}`)}`,
        addressKey: mac(`address\n${day}\n${network}`),
      };
    },
  };
}
export type ReaderKeys = ReturnType<typeof createReaderKeys>;
