import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** The two relations of migration 010: who did it, and to whom. */
export type Relation = 'blocks' | 'mutes';
const SIDES = {
  blocks: { actor: 'blocker_id', subject: 'blocked_id' },
  mutes: { actor: 'muter_id', subject: 'muted_id' },
} as const;

const table = (rel: Relation) => sql.table(rel);
const actorCol = (rel: Relation) => sql.ref(`${rel}.${SIDES[rel].actor}`);
const subjectCol = (rel: Relation) => sql.ref(`${rel}.${SIDES[rel].subject}`);

/** Inserts the row unless it exists; true when one was inserted. */
export async function insertRelation(
  db: Exec,
  rel: Relation,
  actorId: string,
  subjectId: string,
  now: string,
): Promise<boolean> {
  const { actor, subject } = SIDES[rel];
  const result =
    await sql`insert into ${table(rel)} (${sql.ref(actor)}, ${sql.ref(subject)}, created_at)
    values (${actorId}, ${subjectId}, ${now}) on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** True when a row was deleted. */
export async function deleteRelation(
  db: Exec,
  rel: Relation,
  actorId: string,
  subjectId: string,
): Promise<boolean> {
  const result = await sql`delete from ${table(rel)}
    where ${actorCol(rel)} = ${actorId} and ${subjectCol(rel)} = ${subjectId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export interface ListedRow {
  id: string;
  username: string;
  profile_pic: string | null;
  created_at: string | Date;
}

/** A page of whom `actorId` blocked or muted, newest first (the primary key's prefix). */
export async function relationPage(
  db: Exec,
  rel: Relation,
  actorId: string,
  offset: number,
  limit: number,
): Promise<{ rows: ListedRow[]; total: number }> {
  const { rows } = await sql<ListedRow>`
    select u.id, u.username, u.profile_pic, r.created_at
      from ${table(rel)} r join users u on u.id = r.${sql.ref(SIDES[rel].subject)}
     where r.${sql.ref(SIDES[rel].actor)} = ${actorId}
     order by r.created_at desc, u.id desc
     limit ${limit} offset ${offset}`.execute(db);
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from ${table(rel)} where ${actorCol(rel)} = ${actorId}`.execute(db);
  return { rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** Whether `actorId` blocked (or muted) `subjectId`: one primary-key probe. */
export async function hasRelation(
  db: Exec,
  rel: Relation,
  actorId: string,
  subjectId: string,
): Promise<boolean> {
  const { rows } = await sql`select 1 as one from ${table(rel)}
    where ${actorCol(rel)} = ${actorId} and ${subjectCol(rel)} = ${subjectId}`.execute(db);
  return rows.length > 0;
}

/** Of `userIds`, those who blocked or muted `actorId` (the reverse-direction index). */
export async function actorsAmong(
  db: Exec,
  rel: Relation,
  userIds: string[],
  subjectId: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`select ${actorCol(rel)} as id from ${table(rel)}
    where ${subjectCol(rel)} = ${subjectId} and ${actorCol(rel)} in (${sql.join(userIds)})`.execute(
    db,
  );
  return new Set(rows.map((row) => row.id));
}

/** Whom `actorId` blocked or muted, all of them (suggestions filter a handful of candidates). */
export async function subjectsOf(db: Exec, rel: Relation, actorId: string): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`select ${subjectCol(rel)} as id from ${table(rel)}
    where ${actorCol(rel)} = ${actorId}`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/** Who blocked `userId` (blocks_blocked_idx). */
export async function blockersOf(db: Exec, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocked_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.blocker_id));
}

/**
 * Whether the viewer blocked or muted anyone: two probes of the primary keys' prefix in one
 * statement. Lists and threads add their filters only when it says so, so a reader who hides
 * nobody (nearly everyone) gets the very plans a visitor gets.
 */
export interface Hiding {
  blocks: boolean;
  mutes: boolean;
}
export const HIDES_NOBODY: Hiding = { blocks: false, mutes: false };

export async function hidingOf(db: Exec, viewerId: string | null): Promise<Hiding> {
  if (viewerId === null) return HIDES_NOBODY;
  const { rows } = await sql<{ blocks: number | boolean; mutes: number | boolean }>`
    select exists (select 1 from blocks where blocker_id = ${viewerId}) as blocks,
           exists (select 1 from mutes where muter_id = ${viewerId}) as mutes`.execute(db);
  const row = rows[0];
  return { blocks: Boolean(row?.blocks), mutes: Boolean(row?.mutes) };
}

/**
 * The condition "`authorCol` is not someone `viewerId` muted" (and, with `blocks`, not someone
 * they blocked): a probe of each relation's primary key per row.
 */
export function notHiddenBy(
  viewerId: string,
  authorCol: string,
  hiding: Hiding,
): RawBuilder<boolean> {
  const author = sql.ref(authorCol);
  const parts: RawBuilder<boolean>[] = [];
  if (hiding.mutes)
    parts.push(sql<boolean>`not exists (select 1 from mutes
      where mutes.muter_id = ${viewerId} and mutes.muted_id = ${author})`);
  if (hiding.blocks)
    parts.push(sql<boolean>`not exists (select 1 from blocks
      where blocks.blocker_id = ${viewerId} and blocks.blocked_id = ${author})`);
  return parts.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/** Only the mutes part of `notHiddenBy`: story lists leave out muted authors, not blocked ones. */
export const notMutedBy = (viewerId: string, authorCol: string) =>
  notHiddenBy(viewerId, authorCol, { blocks: false, mutes: true });

/**
 * Locks both users' rows in id order (PostgreSQL; SQLite has one writer): a block and a follow
 * between the same two people then happen one after the other, so a follow never survives a
 * block that committed first, and the follow counters move with the rows they count.
 *
 * `for no key update`, the lock an update of a counter takes anyway: it leaves alone the
 * key-share locks that inserting a row which references a user takes (a notification for them,
 * a like by them). With `for update`, the worker inserting a notification for one of the two
 * and then its actor, the other, deadlocked with a follow between them.
 */
export async function lockPair(
  trx: Transaction<Database>,
  dialect: DialectName,
  a: string,
  b: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select id from users where id in (${a}, ${b}) order by id for no key update`.execute(
    trx,
  );
}
