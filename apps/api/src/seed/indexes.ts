import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * A bulk load into indexed tables pays for a random B-tree insert per index per row; building
 * each index once at the end (a sort) is many times faster at a million stories. So a large
 * seed drops the secondary indexes of the tables it fills and recreates them from their own
 * stored definitions afterwards. Primary keys and unique constraints stay, so duplicates are
 * still refused while loading; unique indexes (lower(username)) are re-checked on rebuild.
 */
export interface IndexDefinition {
  name: string;
  /** The CREATE INDEX statement as the database reports it. */
  sql: string;
}

/** Secondary (non-constraint) indexes on `tables`, as the database itself defines them. */
export async function secondaryIndexes(
  db: Db,
  tables: readonly string[],
): Promise<IndexDefinition[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await db.kysely.executeQuery<{ name: string; sql: string }>(
      CompiledQuery.raw(
        `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')}) order by name`,
        [...tables],
      ),
    );
    return rows.map((r) => ({ name: r.name, sql: r.sql }));
  }
  const { rows } = await db.kysely.executeQuery<{ indexname: string; indexdef: string }>(
    CompiledQuery.raw(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
       order by i.indexname`,
      [[...tables]],
    ),
  );
  return rows.map((r) => ({ name: r.indexname, sql: r.indexdef }));
}

export async function dropIndexes(db: Db, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db.kysely);
  }
}

/** Recreates indexes that are missing; ones that exist are left alone. */
export async function createIndexes(db: Db, indexes: readonly IndexDefinition[]): Promise<void> {
  for (const index of indexes) {
    const statement = index.sql.replace(
      /^create (unique )?index /i,
      'create $1index if not exists ',
    );
    await sql.raw(statement).execute(db.kysely);
  }
  // Fresh planner statistics for the new data (SQLite's planner runs without them by design).
  if (indexes.length > 0 && db.dialect === 'postgres') await sql.raw('analyze').execute(db.kysely);
}

/**
 * Index definitions a seed dropped are kept in a file until they are rebuilt, so a seed that
 * was killed part-way gets them back at the next run (restoreDroppedIndexes).
 */
export function rememberDroppedIndexes(file: string, indexes: readonly IndexDefinition[]): void {
  if (indexes.length > 0) writeFileSync(file, JSON.stringify(indexes, null, 2));
}

/** Recreates whatever indexes `file` lists that are missing, then deletes it. */
export async function restoreDroppedIndexes(db: Db, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const indexes = JSON.parse(readFileSync(file, 'utf8')) as IndexDefinition[];
  await createIndexes(db, indexes);
  rmSync(file, { force: true });
  return true;
}
