import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/index.js';
import { rebuildSearchDocuments } from '../modules/search/documents.js';

/**
 * A bulk load into indexed tables pays for a random B-tree insert per index per row; building
 * each index once at the end (a sort) is many times faster at a million stories. Likewise the
 * search triggers re-index a story's document once for the story and again for each of its
 * tags. So a large seed drops the secondary indexes and the triggers of the tables it fills,
 * and afterwards recreates them from their own stored definitions and builds every search
 * document once. Primary keys and unique constraints stay, so duplicates are still refused
 * while loading; unique indexes (lower(username)) are re-checked on rebuild.
 */
export interface IndexDefinition {
  /** 'index' when absent (recovery files written before triggers were deferred too). */
  kind?: 'index' | 'trigger';
  name: string;
  /** The table it belongs to (needed to drop a PostgreSQL trigger). */
  table?: string;
  /** The CREATE statement as the database reports it. */
  sql: string;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** Secondary (non-constraint) indexes and the triggers on `tables`, as the database defines them. */
export async function secondaryIndexes(
  db: Db,
  tables: readonly string[],
): Promise<IndexDefinition[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await db.kysely.executeQuery<{
      type: 'index' | 'trigger';
      name: string;
      tbl_name: string;
      sql: string;
    }>(
      CompiledQuery.raw(
        `select type, name, tbl_name, sql from sqlite_master
         where type in ('index', 'trigger') and sql is not null and tbl_name in (${placeholders(tables.length)})
         order by type, name`,
        [...tables],
      ),
    );
    return rows.map((r) => ({ kind: r.type, name: r.name, table: r.tbl_name, sql: r.sql }));
  }
  const { rows } = await db.kysely.executeQuery<{
    kind: 'index' | 'trigger';
    name: string;
    table: string;
    sql: string;
  }>(
    CompiledQuery.raw(
      `select 'index' as kind, i.indexname as name, i.tablename as table, i.indexdef as sql
         from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
       union all
       select 'trigger', t.tgname, c.relname, pg_get_triggerdef(t.oid)
         from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace
          and c.relname = any($1)
       order by 1, 2`,
      [[...tables]],
    ),
  );
  return rows;
}

const isTrigger = (definition: IndexDefinition) => definition.kind === 'trigger';

export async function dropIndexes(db: Db, definitions: readonly IndexDefinition[]): Promise<void> {
  for (const definition of definitions) {
    if (!isTrigger(definition)) {
      await sql`drop index if exists ${sql.id(definition.name)}`.execute(db.kysely);
    } else if (db.dialect === 'sqlite') {
      await sql`drop trigger if exists ${sql.id(definition.name)}`.execute(db.kysely);
    } else {
      await sql`drop trigger if exists ${sql.id(definition.name)} on ${sql.id(definition.table ?? '')}`.execute(
        db.kysely,
      );
    }
  }
}

/** A definition's CREATE statement made idempotent. */
function createStatement(definition: IndexDefinition, db: Db): string {
  if (!isTrigger(definition)) {
    return definition.sql.replace(/^create (unique )?index /i, 'create $1index if not exists ');
  }
  return db.dialect === 'sqlite'
    ? definition.sql.replace(/^create trigger (if not exists )?/i, 'create trigger if not exists ')
    : definition.sql.replace(/^create trigger /i, 'create or replace trigger ');
}

/**
 * Recreates what is missing; what exists is left alone. When triggers come back, the search
 * documents they would have written while they were gone are built first, in one pass.
 */
export async function createIndexes(
  db: Db,
  definitions: readonly IndexDefinition[],
): Promise<void> {
  const triggers = definitions.filter(isTrigger);
  if (triggers.length > 0) {
    await db.kysely.transaction().execute(async (trx) => {
      await rebuildSearchDocuments({ ...db, kysely: trx });
      for (const trigger of triggers) await sql.raw(createStatement(trigger, db)).execute(trx);
    });
  }
  for (const index of definitions.filter((d) => !isTrigger(d))) {
    await sql.raw(createStatement(index, db)).execute(db.kysely);
  }
  // Fresh planner statistics for the new data (SQLite's planner runs without them by design),
  // and PostgreSQL's visibility map, without which counts cannot be index-only scans until
  // autovacuum comes round.
  if (definitions.length > 0 && db.dialect === 'postgres') {
    await sql.raw('vacuum analyze').execute(db.kysely);
  }
}

/**
 * Definitions a seed dropped are kept in a file until they are rebuilt, so a seed that was
 * killed part-way gets them back at the next run (restoreDroppedIndexes).
 */
export function rememberDroppedIndexes(file: string, indexes: readonly IndexDefinition[]): void {
  if (indexes.length > 0) writeFileSync(file, JSON.stringify(indexes, null, 2));
}

/** Recreates whatever `file` lists that is missing, then deletes it. */
export async function restoreDroppedIndexes(db: Db, file: string): Promise<boolean> {
  if (!existsSync(file)) return false;
  const indexes = JSON.parse(readFileSync(file, 'utf8')) as IndexDefinition[];
  await createIndexes(db, indexes);
  rmSync(file, { force: true });
  return true;
}
