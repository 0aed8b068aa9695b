import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogConfig,
  PostgresDialect,
  type PostgresPool,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import type Pg from 'pg';
import { keepStatementsPrepared } from './pg-prepared.js';
import type { Database } from './types.js';

export type DialectName = 'sqlite' | 'postgres';
export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  /**
   * `readUrl`: a read replica of `url` (DATABASE_READ_URL), for `Db.onReplica`. `prepared`:
   * statements kept prepared on each connection (pg-prepared.ts), unless false.
   */
  | { kind: 'postgres'; url: string; readUrl?: string; prepared?: boolean };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** SQLite's database file (absent on PostgreSQL). */
  file?: string;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Present with a read replica: runs `work` with every query it starts (through `kysely`) on
   * the replica instead of the primary (docs/decisions/037-shared-state-and-read-replicas.md).
   */
  onReplica?<T>(work: () => T): T;
}

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** Postgres values are parsed into the same JS shapes SQLite gives: ISO strings and numbers. */
const pgTypes = (pg: typeof Pg) =>
  ({
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) {
        return (value: string) =>
          new Date(oid === PG_TIMESTAMP ? `${value}Z` : value).toISOString();
      }
      if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  }) as Pg.CustomTypesConfig;

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  // FULL: a committed write survives power loss, not only a process crash (decision 002).
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // 16 MiB of pages per connection: the OS page cache holds the rest of the file, and a larger
  // private cache only adds to the server's resident memory (issue 8's 250 MB budget).
  raw.pragma('cache_size = -16384');
  raw.pragma('temp_store = MEMORY');
  return raw;
}

/** Statements kept per connection; longer SQL (a seed's bulk inserts) is never kept. */
const STATEMENTS_KEPT = 256;
const KEPT_SQL_MAX_LENGTH = 4_096;

/**
 * The connection as Kysely sees it, with prepared statements kept per SQL text (least recently
 * used go first): Kysely prepares every query it runs, and preparing was a sixth of a simple
 * read's CPU. A statement that is still being iterated is never handed out twice.
 */
function keepingStatements(raw: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => raw.close(),
    prepare(text: string) {
      const hit = kept.get(text);
      if (hit && !hit.busy) {
        kept.delete(text);
        kept.set(text, hit);
        return hit;
      }
      const statement = raw.prepare(text);
      if (text.length <= KEPT_SQL_MAX_LENGTH) {
        kept.set(text, statement);
        if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
}

export interface DbOptions {
  /** Kysely's query log (the EXPLAIN report records every query a request runs). */
  log?: LogConfig;
}

/**
 * SQLite changes its schema inside a transaction as well as PostgreSQL does, but Kysely's SQLite
 * adapter says it cannot, and its migrator then runs migrations bare: a crash part-way through
 * one (a column added, its index not yet) would leave it half applied, to fail on every start
 * after (decision 015). This adapter says it can, so each migration and its record commit
 * together or not at all.
 */
class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Transactions take the write lock when they begin (`begin immediate`), not at their first write.
 * A transaction begun deferred reads from a snapshot, and when another process has committed
 * since, its first write fails at once with SQLITE_BUSY: the busy timeout cannot help, since
 * waiting would not make the snapshot current. Begun immediate, it waits its turn (up to the
 * busy timeout) and then reads what is current. One process never sees the difference: its one
 * connection runs one transaction at a time. Several processes on one file
 * (`SERVER_PROCESSES`, the seed or an admin command beside the server) need it.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class StoryloomSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}

export function createDb(target: DatabaseTarget, options: DbOptions = {}): Db {
  const { log } = options;
  if (target.kind === 'sqlite') {
    const raw = openSqlite(target.file);
    const kysely = new Kysely<Database>({
      dialect: new StoryloomSqliteDialect({ database: keepingStatements(raw) }),
      log,
    });
    return {
      kysely,
      dialect: 'sqlite',
      file: target.file,
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      close: () => kysely.destroy(),
    };
  }
  // The driver is loaded only for PostgreSQL: an SQLite server needn't carry it (memory).
  const pg = createRequire(import.meta.url)('pg') as typeof Pg;
  const prepared = target.prepared ?? true;
  const pool = openPool(pg, target.url, prepared);
  const replica = target.readUrl ? openPool(pg, target.readUrl, prepared) : undefined;
  // One Kysely for both: a query goes to the replica when it starts inside `onReplica`.
  const onReplicaNow = new AsyncLocalStorage<true>();
  const routed: PostgresPool = replica
    ? {
        connect: () => (onReplicaNow.getStore() ? replica : pool).connect(),
        end: async () => {
          await Promise.all([pool.end(), replica.end()]);
        },
      }
    : pool;
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: routed }), log });
  return {
    kysely,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
    ...(replica ? { onReplica: <T>(work: () => T): T => onReplicaNow.run(true, work) } : {}),
  };
}

function openPool(pg: typeof Pg, url: string, prepared: boolean): Pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: pgTypes(pg),
  });
  // A client losing its connection (database stopped or restarted) emits 'error'. The pool
  // listens only while the client is idle; one checked out by a request has no listener, and
  // an unhandled 'error' would kill the process. Its queries fail by themselves (a 503) and the
  // pool discards the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (prepared) keepStatementsPrepared(client);
  });
  return pool;
}
