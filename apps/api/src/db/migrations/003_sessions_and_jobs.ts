import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Sessions, the background job queue and the anonymous read budget: new tables only, so the
 * previous release runs unchanged against this schema (docs/decisions/015-schema-changes.md).
 *
 * - `sessions`: one row per sign-in (docs/decisions/016-accounts-and-sessions.md); access
 *   tokens name their session, and ending it revokes them at once.
 * - `refresh_tokens`: every refresh token a session was given, by hash; one already used marks
 *   a replay and ends its session.
 * - `login_codes`: the one-time codes Google sign-in hands the browser instead of tokens.
 * - `jobs`: work done after the request (mail today), claimed by any server process's worker.
 * - `anonymous_read_budget`: how many anonymous reads one address has counted for a chapter
 *   today (docs/decisions/008-read-counting.md).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const ts = pg ? 'timestamptz' : 'text';

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('password', 'google')`))
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('network', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts, (c) => c.notNull())
    .addColumn('ended_at', ts)
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_user_idx')
    .on('sessions')
    .columns(['user_id', 'last_used_at desc'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', id, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('login_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', id, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', ts, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('done_at', ts)
    .addColumn('failed_at', ts)
    .execute();
  // What the workers claim: jobs not finished, earliest first.
  await sql`create index jobs_due_idx on jobs (run_at) where done_at is null`.execute(db);
  await sql`create index jobs_done_idx on jobs (done_at) where done_at is not null`.execute(db);

  await db.schema
    .createTable('anonymous_read_budget')
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('chapter_id', id, (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('anonymous_read_budget_pk', ['address_key', 'chapter_id'])
    .execute();
  await db.schema
    .createIndex('anonymous_read_budget_day_idx')
    .on('anonymous_read_budget')
    .column('day')
    .execute();
}
