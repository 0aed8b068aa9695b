import type { Sql } from './library.js';
import type { Random } from './random.js';
import type { BenchRequest } from './types.js';

/** Authors with something in Recently deleted, and as many without, that the endpoint asks as. */
export const TRASH_USERS = 500;
/** The /recently-deleted page's size (apps/web api/trash/get-recently-deleted.ts). */
export const TRASH_PAGE_SIZE = 20;

/** An author the trash endpoint asks as, with a token minted for them. */
export interface TrashUser {
  token: string;
  items: number;
}

/**
 * Every author with a story or chapter in the trash (the seed deletes a handful, seed/trash.ts),
 * alternated with as many authors spread over the library whose trash is empty, shuffled.
 */
export async function sampleTrashUsers(
  sql: Sql,
  random: Random,
  mint: (userId: string, tokenVersion: number) => string,
): Promise<TrashUser[]> {
  const withItems = await sql.all<{ id: string; ver: number; n: number | string }>(
    `SELECT u.id AS id, u.token_version AS ver, COUNT(*) AS n
       FROM deleted_items d JOIN users u ON u.id = d.author_id
      GROUP BY u.id, u.token_version ORDER BY n DESC, u.id LIMIT ?`,
    [TRASH_USERS],
  );
  const [count] = await sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM users');
  const step = Math.max(1, Math.floor(Number(count?.n ?? 0) / TRASH_USERS));
  const spread = await sql.all<{ id: string; ver: number }>(
    `SELECT id, ver FROM (
       SELECT id, token_version AS ver, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM users
     ) spread WHERE rn % ? = 0 ORDER BY id LIMIT ?`,
    [step, withItems.length],
  );
  const full = random.shuffle(
    withItems.map((r) => ({ token: mint(r.id, Number(r.ver)), items: Number(r.n) })),
  );
  const empty = random.shuffle(
    spread
      .filter((r) => !withItems.some((w) => w.id === r.id))
      .map((r) => ({ token: mint(r.id, Number(r.ver)), items: 0 })),
  );
  const out: TrashUser[] = [];
  for (let i = 0; i < Math.max(full.length, empty.length); i++) {
    if (i < full.length) out.push(full[i]!);
    if (i < empty.length) out.push(empty[i]!);
  }
  return out;
}

/** The first page of /recently-deleted, once per user. */
export const trashRequests = (users: readonly TrashUser[]): BenchRequest[] =>
  users.map((u) => ({
    method: 'GET',
    path: `/api/users/me/recently-deleted?page=1&limit=${TRASH_PAGE_SIZE}`,
    headers: { authorization: `Bearer ${u.token}` },
  }));

/** `120 authors with 1–3 items in Recently deleted alternated with 120 whose trash is empty`. */
export function describeTrashUsers(users: readonly TrashUser[]): string {
  const full = users.filter((u) => u.items > 0);
  const counts = full.map((u) => u.items);
  const range = counts.length > 0 ? ` (${Math.min(...counts)}–${Math.max(...counts)} items)` : '';
  return `${full.length} authors with something in Recently deleted${range} alternated with ${users.length - full.length} whose trash is empty, each with a token of their own`;
}
