import { createSigner } from 'fast-jwt';
import type { Sql } from './library.js';
import type { Random } from './random.js';
import type { BenchRequest } from './types.js';

/** The users with the most notifications that the notification endpoints sign in as. */
export const BUSY_USERS = 1_000;
/** As many users spread over the whole library (every k-th by id: most have a few or none). */
export const SPREAD_USERS = 1_000;
/** The /notifications page's size (apps/web api/notifications/keys.ts). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A user the notification endpoints ask as, with a token minted for them. */
export interface NotifiedUser {
  id: string;
  token: string;
  notifications: number;
  unread: number;
  busy: boolean;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

/**
 * Access tokens for many users without signing each in (a sign-in is a deliberately slow
 * hash): signed with the bench server's JWT_SECRET, in the form the API honours for tokens
 * without a session (`ver`: the user's token_version, checked on every request).
 */
export function tokenMinter(secret: string): (userId: string, tokenVersion: number) => string {
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: 'storyloom',
    expiresIn: 3_600_000,
  });
  return (sub, ver) => sign({ sub, ver, typ: 'access' });
}

/**
 * The BUSY_USERS users with the most notifications and SPREAD_USERS others, every k-th user in
 * id order, with their notification and unread counts, alternated busy and spread, shuffled
 * within each kind.
 */
export async function sampleNotifiedUsers(
  sql: Sql,
  random: Random,
  mint: (userId: string, tokenVersion: number) => string,
): Promise<NotifiedUser[]> {
  const busiest = await sql.all<{ id: string; n: number | string }>(
    `SELECT user_id AS id, COUNT(*) AS n FROM notifications GROUP BY user_id ORDER BY n DESC, user_id LIMIT ?`,
    [BUSY_USERS],
  );
  const busyIds = new Set(busiest.map((r) => r.id));
  const [count] = await sql.all<{ n: number | string }>('SELECT COUNT(*) AS n FROM users');
  const step = Math.max(1, Math.floor(Number(count?.n ?? 0) / (SPREAD_USERS + BUSY_USERS)));
  const spread = (
    await sql.all<{ id: string }>(
      `SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM users) spread
       WHERE rn % ? = 0 ORDER BY id`,
      [step],
    )
  )
    .map((r) => r.id)
    .filter((id) => !busyIds.has(id))
    .slice(0, SPREAD_USERS);
  const ids = [...busiest.map((r) => r.id), ...spread];
  const info = new Map<string, { ver: number; n: number; unread: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const rows = await sql.all<{
      id: string;
      ver: number;
      n: number | string;
      unread: number | string;
    }>(
      `SELECT u.id AS id, u.token_version AS ver,
              (SELECT COUNT(*) FROM notifications n WHERE n.user_id = u.id) AS n,
              (SELECT COUNT(*) FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread
         FROM users u WHERE u.id IN (${marks(batch.length)})`,
      batch,
    );
    for (const r of rows)
      info.set(r.id, { ver: Number(r.ver), n: Number(r.n), unread: Number(r.unread) });
  }
  const user = (id: string, busy: boolean): NotifiedUser => {
    const { ver, n, unread } = info.get(id)!;
    return { id, token: mint(id, ver), notifications: n, unread, busy };
  };
  const busy = random.shuffle(busiest.map((r) => user(r.id, true)));
  const others = random.shuffle(spread.map((id) => user(id, false)));
  const out: NotifiedUser[] = [];
  for (let i = 0; i < Math.max(busy.length, others.length); i++) {
    if (i < busy.length) out.push(busy[i]!);
    if (i < others.length) out.push(others[i]!);
  }
  return out;
}

const asUser = (path: string, u: NotifiedUser): BenchRequest => ({
  method: 'GET',
  path,
  headers: { authorization: `Bearer ${u.token}` },
});

/** The bell's count, once per user. */
export const unreadRequests = (users: readonly NotifiedUser[]): BenchRequest[] =>
  users.map((u) => asUser('/api/notifications/unread-count', u));

/** The first page of /notifications, once per user. */
export const pageRequests = (users: readonly NotifiedUser[]): BenchRequest[] =>
  users.map((u) => asUser(`/api/notifications?page=1&limit=${NOTIFICATIONS_PAGE_SIZE}`, u));

/** `1,000 users with the most (12,345–678 notifications, 999 unread at most) and 1,000 spread (…)`. */
export function describeUsers(users: readonly NotifiedUser[]): string {
  const num = (n: number) => n.toLocaleString('en-US');
  const busy = users.filter((u) => u.busy);
  const spread = users.filter((u) => !u.busy);
  const counts = busy.map((u) => u.notifications);
  const range =
    counts.length > 0
      ? ` (${num(Math.max(...counts))}–${num(Math.min(...counts))} notifications, up to ${num(Math.max(...busy.map((u) => u.unread)))} unread)`
      : '';
  const none = spread.filter((u) => u.notifications === 0).length;
  const mean =
    spread.length > 0 ? spread.reduce((s, u) => s + u.notifications, 0) / spread.length : 0;
  return `${num(busy.length)} users with the most notifications${range} alternated with ${num(spread.length)} spread ones (mean ${mean.toFixed(0)}, ${Math.round((100 * none) / Math.max(1, spread.length))}% without any), each with a token of their own`;
}
