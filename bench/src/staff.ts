import { spawn } from 'node:child_process';
import type { Sql } from './library.js';
import type { BenchRequest } from './types.js';

/** The moderation queue's and the audit log's page size (apps/web features/admin). */
export const STAFF_PAGE_SIZE = 20;
/** Pages of each the staff endpoints walk, as far as they go. */
const STAFF_PAGES = 10;

/** The staff member the `staff-*` endpoints ask as (issue 21), and what there is to read. */
export interface StaffSample {
  username: string;
  token: string;
  /** Reported targets with an open report: the queue's groups. */
  openTargets: number;
  auditEntries: number;
}

/**
 * An admin of the library: the first there is, or else the first account by id, made admin the
 * way a deployment makes its first (`grant`, running `npm run admin -- grant <username> admin`;
 * it takes effect on the next request, the server running). Admins read both the queue and the
 * audit log.
 */
export async function sampleStaff(
  sql: Sql,
  mint: (userId: string, tokenVersion: number) => string,
  grant: (username: string) => Promise<void>,
): Promise<StaffSample | null> {
  let [admin] = await sql.all<{ id: string; username: string; ver: number }>(
    `SELECT id, username, token_version AS ver FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
  );
  if (!admin) {
    [admin] = await sql.all<{ id: string; username: string; ver: number }>(
      `SELECT id, username, token_version AS ver FROM users
        WHERE suspended_until IS NULL ORDER BY id LIMIT 1`,
    );
    if (!admin) return null;
    await grant(admin.username);
  }
  const [open] = await sql.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM (SELECT DISTINCT target_type, target_id FROM reports
      WHERE status = 'open') targets`,
  );
  const [audit] = await sql.all<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM moderation_actions',
  );
  return {
    username: admin.username,
    token: mint(admin.id, Number(admin.ver)),
    openTargets: Number(open?.n ?? 0),
    auditEntries: Number(audit?.n ?? 0),
  };
}

/** `grant` for `sampleStaff`: the admin script, in the library's environment. */
export const adminGrant =
  (script: string, env: NodeJS.ProcessEnv) =>
  (username: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [script, 'grant', username, 'admin'], {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`admin grant exited with code ${code}`)),
      );
    });

const pagesOf = (items: number) =>
  Math.max(1, Math.min(STAFF_PAGES, Math.ceil(items / STAFF_PAGE_SIZE)));

/** The first pages of a staff list of `items` (as far as they go), as the admin. */
const pagesAs = (
  staff: StaffSample | null,
  items: (staff: StaffSample) => number,
  path: (page: number) => string,
): BenchRequest[] =>
  staff
    ? Array.from({ length: pagesOf(items(staff)) }, (_, i) => ({
        method: 'GET' as const,
        path: path(i + 1),
        headers: { authorization: `Bearer ${staff.token}` },
      }))
    : [];

/** The open queue's first pages, as a moderator works through it. */
export const queueRequests = (staff: StaffSample | null): BenchRequest[] =>
  pagesAs(
    staff,
    (s) => s.openTargets,
    (page) => `/api/admin/reports?status=open&page=${page}&limit=${STAFF_PAGE_SIZE}`,
  );

/** The audit log's first pages. */
export const auditRequests = (staff: StaffSample | null): BenchRequest[] =>
  pagesAs(
    staff,
    (s) => s.auditEntries,
    (page) => `/api/admin/audit?page=${page}&limit=${STAFF_PAGE_SIZE}`,
  );

/** `an admin (…) over 1,234 reported targets and 56 audit entries`, for descriptions. */
export const describeStaff = (staff: StaffSample | null): string =>
  staff
    ? `as an admin, over ${staff.openTargets.toLocaleString('en-US')} reported targets with an open report and ${staff.auditEntries.toLocaleString('en-US')} audit entries`
    : 'no account to make admin';
