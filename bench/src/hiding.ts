import type { Sql } from './library.js';
import type { Random } from './random.js';
import type { BenchRequest } from './types.js';

/** Readers who muted or blocked someone that the `hiding-*` endpoints sign in as (issue 21). */
export const HIDING_USERS = 1_000;

/** A reader who hides someone, with a token minted for them (notifications.ts tokenMinter). */
export interface HidingUser {
  id: string;
  token: string;
  mutes: number;
  blocks: number;
}

/**
 * Up to HIDING_USERS readers who muted or blocked someone (the seed's `hiding.ts`: a few in a
 * hundred), in a shuffled order: what every list, search and thread they read has to leave out
 * (docs/decisions/024-blocks-and-mutes.md).
 */
export async function sampleHidingUsers(
  sql: Sql,
  random: Random,
  mint: (userId: string, tokenVersion: number) => string,
): Promise<HidingUser[]> {
  const rows = await sql.all<{
    id: string;
    ver: number;
    mutes: number | string;
    blocks: number | string;
  }>(
    `SELECT u.id AS id, u.token_version AS ver,
            (SELECT COUNT(*) FROM mutes m WHERE m.muter_id = u.id) AS mutes,
            (SELECT COUNT(*) FROM blocks b WHERE b.blocker_id = u.id) AS blocks
       FROM users u
      WHERE u.id IN (SELECT muter_id FROM mutes UNION SELECT blocker_id FROM blocks)
      ORDER BY u.id LIMIT ?`,
    [HIDING_USERS],
  );
  return random.shuffle(
    rows.map((r) => ({
      id: r.id,
      token: mint(r.id, Number(r.ver)),
      mutes: Number(r.mutes),
      blocks: Number(r.blocks),
    })),
  );
}

/** Each user's request, built by `path` from the user's place in the list. */
export const asHidingUsers = (
  users: readonly HidingUser[],
  path: (i: number) => string,
): BenchRequest[] =>
  users.map((u, i) => ({
    method: 'GET',
    path: path(i),
    headers: { authorization: `Bearer ${u.token}` },
  }));

/** `812 readers who hide someone (mean 2.9 muted, 41 blocking)`, for descriptions. */
export function describeHidingUsers(users: readonly HidingUser[]): string {
  const muted = users.reduce((sum, u) => sum + u.mutes, 0);
  const blocking = users.filter((u) => u.blocks > 0).length;
  const mean = users.length > 0 ? muted / users.length : 0;
  return `${users.length.toLocaleString('en-US')} readers who hide someone (mean ${mean.toFixed(1)} muted each, ${blocking} also blocking), each with a token of their own`;
}
