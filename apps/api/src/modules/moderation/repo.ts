import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ReportsTable, StaffRole } from '../../db/types.js';
import { newId } from '../../lib/ids.js';

type Exec = Kysely<Database> | Transaction<Database>;
type TargetType = ReportsTable['target_type'];

/** Files a report unless the reporter has one open on the target; answers the open one. */
export async function fileReport(
  db: Exec,
  row: {
    reporter_id: string;
    target_type: TargetType;
    target_id: string;
    target_owner_id: string | null;
    reason: string;
    note: string | null;
    created_at: string;
  },
): Promise<{ id: string; created: boolean }> {
  const id = newId();
  // reports_open_once makes a second open report a no-op, however many race.
  const inserted = await sql`insert into reports
      (id, reporter_id, target_type, target_id, target_owner_id, reason, note, status, created_at)
    values (${id}, ${row.reporter_id}, ${row.target_type}, ${row.target_id},
      ${row.target_owner_id}, ${row.reason}, ${row.note}, 'open', ${row.created_at})
    on conflict do nothing`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0) > 0) return { id, created: true };
  const open = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', row.reporter_id)
    .where('target_type', '=', row.target_type)
    .where('target_id', '=', row.target_id)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return { id: open.id, created: false };
}

export interface GroupRow {
  target_type: TargetType;
  target_id: string;
  report_id: string;
  n: number | string;
  first_at: string | Date;
  last_at: string | Date;
}

/** The queue: reports of one status grouped by target, oldest first (reports_queue_idx). */
export async function reportGroups(
  db: Exec,
  status: ReportsTable['status'],
  offset: number,
  limit: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const { rows } = await sql<GroupRow>`
    select target_type, target_id, min(cast(id as text)) as report_id, count(*) as n,
           min(created_at) as first_at, max(created_at) as last_at
      from reports where status = ${status}
     group by target_type, target_id
     order by min(created_at), target_id
     limit ${limit} offset ${offset}`.execute(db);
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from (select 1 as one from reports where status = ${status}
      group by target_type, target_id) as g`.execute(db);
  return { rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** The reports of the groups shown: their reasons, notes and resolutions. */
export function reportsOfTargets(
  db: Exec,
  status: ReportsTable['status'],
  targets: { target_type: TargetType; target_id: string }[],
) {
  if (targets.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reports')
    .select(['target_type', 'target_id', 'reason', 'note', 'resolution', 'created_at'])
    .where('status', '=', status)
    .where('target_id', 'in', [...new Set(targets.map((t) => t.target_id))])
    .orderBy('created_at', 'desc')
    .execute();
}

export const findReport = (db: Exec, id: string) =>
  db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();

/** Closes every open report on the target; answers their reporters. */
export async function closeReports(
  trx: Transaction<Database>,
  target: { target_type: TargetType; target_id: string },
  status: 'resolved' | 'dismissed',
  resolution: string,
  now: string,
): Promise<string[]> {
  const rows = await trx
    .updateTable('reports')
    .set({ status, resolution, resolved_at: now })
    .where('target_type', '=', target.target_type)
    .where('target_id', '=', target.target_id)
    .where('status', '=', 'open')
    .returning('reporter_id')
    .execute();
  return rows.map((row) => row.reporter_id);
}

/** Appends to the audit log. Nothing updates or deletes it (migration 011's triggers refuse). */
export async function logAction(
  trx: Exec,
  entry: {
    staff: { id: string; username: string };
    action: string;
    target_type: string;
    target_id: string;
    reason: string;
    details?: Record<string, unknown>;
    now: string;
  },
): Promise<void> {
  await trx
    .insertInto('moderation_actions')
    .values({
      id: newId(),
      staff_id: entry.staff.id,
      staff_username: entry.staff.username,
      action: entry.action,
      target_type: entry.target_type,
      target_id: entry.target_id,
      reason: entry.reason,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: entry.now,
    })
    .execute();
}

/** A page of the audit log, newest first (moderation_actions_created_idx). */
export async function auditPage(db: Exec, offset: number, limit: number) {
  const rows = await db
    .selectFrom('moderation_actions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('moderation_actions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function setRole(db: Exec, userId: string, role: StaffRole | null, now: string) {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
}

/** Moderators and admins (users_role_idx), by name. */
export const staffMembers = (db: Exec) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('role', 'is not', null)
    .orderBy('username')
    .execute();

/** Accounts whose suspension has run out, a handful at a time. */
export const expiredSuspensions = (db: Exec, now: string, limit: number) =>
  db
    .selectFrom('users')
    .select('id')
    .where('suspended_until', 'is not', null)
    .where('suspended_until', '<=', now)
    .limit(limit)
    .execute();
