import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/** One message the server wrote to DATA_DIR/outbox (named by its mail job's id). */
export interface OutboxMail {
  jobId: string;
  to: string;
  subject: string;
  /** The token of the link the message carries. */
  token: string | null;
}

export interface OutboxContents {
  mails: OutboxMail[];
  /** Temporary files a killed server left half-written (never read as mail). */
  leftovers: number;
}

/** Undoes quoted-printable (nodemailer's text/plain): soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
    'latin1',
  ).toString('utf8');
}

function parse(jobId: string, raw: string): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const body = raw.slice(split).trim();
  const text =
    header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : body;
  return {
    jobId,
    to: header('To').toLowerCase(),
    subject: header('Subject'),
    token: /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null,
  };
}

export function readOutbox(dataDir: string): OutboxContents {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  return {
    mails: names
      .filter((name) => name.endsWith('.eml'))
      .map((name) => parse(name.slice(0, -'.eml'.length), readFileSync(join(dir, name), 'utf8'))),
    leftovers: names.filter((name) => name.endsWith('.tmp')).length,
  };
}

/** A row of the jobs table, as the checks need it. */
export interface JobState {
  id: string;
  kind: string;
  attempts: number;
  done: boolean;
  failed: boolean;
  /** Claimed by a worker whose lease has not run out. */
  leased: boolean;
  /** The worker that claimed it last (`host:pid:random`). */
  lockedBy: string | null;
}

/**
 * Every job, except those scheduled for later that never ran (this week's digest, when the
 * servers started before its Monday morning): the workload did not make them.
 */
const JOBS_QUERY = (param: string) =>
  `select id, kind, attempts, done_at, failed_at, locked_by, locked_until from jobs where not (attempts = 0 and run_at > ${param})`;

function toState(row: Record<string, unknown>, now: number): JobState {
  const until = row.locked_until;
  return {
    id: String(row.id),
    kind: String(row.kind),
    attempts: Number(row.attempts),
    done: row.done_at !== null,
    failed: row.failed_at !== null,
    leased:
      row.done_at === null && until !== null && new Date(until as string | Date).getTime() > now,
    lockedBy: row.locked_by === null ? null : String(row.locked_by),
  };
}

/** The jobs table of an SQLite file (read-only: the server may be running). */
export function jobsInSqlite(file: string): JobState[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const now = Date.now();
    return (
      db.prepare(JOBS_QUERY('?')).all(new Date(now).toISOString()) as Record<string, unknown>[]
    ).map((r) => toState(r, now));
  } finally {
    db.close();
  }
}

export async function jobsInPostgres(url: string): Promise<JobState[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = Date.now();
    return (await client.query(JOBS_QUERY('$1'), [new Date(now).toISOString()])).rows.map((r) =>
      toState(r, now),
    );
  } finally {
    await client.end();
  }
}
