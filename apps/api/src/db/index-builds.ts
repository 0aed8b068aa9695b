import { type Kysely, sql } from 'kysely';
import type { DialectName } from './index.js';

/**
 * Index builds for migrations that run outside a transaction (`transaction = false`,
 * docs/decisions/015-schema-changes.md), so that a table of millions keeps taking writes while
 * they run: on PostgreSQL `create index concurrently`. A build killed part-way leaves an invalid
 * index behind, which is dropped and built again; one already built is kept. Running a
 * migration again after a crash therefore finishes the job.
 */

/** Drops what a killed `create index concurrently` left of `name`: an index marked invalid. */
export async function dropIfInvalid(db: Kysely<unknown>, name: string): Promise<void> {
  const { rows } = await sql<{ invalid: boolean }>`
    select not i.indisvalid as invalid
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (rows[0]?.invalid) await sql.raw(`drop index concurrently ${name}`).execute(db);
}

/** `create index [concurrently] if not exists <name> <definition>`: `definition` is `on …`. */
export async function buildIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  name: string,
  definition: string,
): Promise<void> {
  const pg = dialect === 'postgres';
  if (pg) await dropIfInvalid(db, name);
  await sql
    .raw(`create index ${pg ? 'concurrently ' : ''}if not exists ${name} ${definition}`)
    .execute(db);
}

/** `drop index [concurrently] if exists <name>`. */
export async function dropIndex(
  db: Kysely<unknown>,
  dialect: DialectName,
  name: string,
): Promise<void> {
  const concurrently = dialect === 'postgres' ? 'concurrently ' : '';
  await sql.raw(`drop index ${concurrently}if exists ${name}`).execute(db);
}
