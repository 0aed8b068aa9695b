import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../db/index.js';
import type { Database } from '../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** SQLite binds at most 32766 parameters per statement; stay under it. */
const SQLITE_MAX_PARAMS = 32_000;
/** Rows per statement: bounds one statement's memory whatever the dialect. */
const MAX_ROWS = 5_000;

const sqliteStatements = new Map<string, string>();

/**
 * `insert into t (columns) values (?, ...), (?, ...)` for `rows` rows, built as text once per
 * shape: the query builder's per-value work is most of a bulk seed's cost otherwise. Table
 * and column names come from our own row objects, never from input.
 */
function sqliteInsert(table: string, columns: string[], rows: number): string {
  const key = `${table}|${columns.join(',')}|${rows}`;
  let text = sqliteStatements.get(key);
  if (!text) {
    const tuple = `(${columns.map(() => '?').join(',')})`;
    const names = columns.map((c) => `"${c}"`).join(', ');
    text = `insert into "${table}" (${names}) values ${Array(rows).fill(tuple).join(',')}`;
    if (sqliteStatements.size > 64) sqliteStatements.clear();
    sqliteStatements.set(key, text);
  }
  return text;
}

const pgColumnTypes = new Map<string, Map<string, string>>();

/** Each column's PostgreSQL type name (uuid, text, int8, timestamptz, ...), read once. */
async function pgTypesOf(db: Exec, table: string): Promise<Map<string, string>> {
  let types = pgColumnTypes.get(table);
  if (!types) {
    const { rows } = await db.executeQuery<{ column_name: string; udt_name: string }>(
      CompiledQuery.raw(
        'select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
        [table],
      ),
    );
    types = new Map(rows.map((r) => [r.column_name, r.udt_name]));
    pgColumnTypes.set(table, types);
  }
  return types;
}

/**
 * Bulk INSERTs. SQLite: multi-row VALUES sized by column count to stay under its parameter
 * limit. PostgreSQL: `insert ... select * from unnest($1::uuid[], $2::text[], ...)`, one array
 * parameter per column, which PostgreSQL parses and plans far faster than 65k placeholders.
 */
export async function insertBatched<T extends keyof Database & string>(
  db: Exec,
  dialect: DialectName,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const values = rows as Record<string, unknown>[];
  if (dialect === 'postgres') {
    const types = await pgTypesOf(db, table);
    const names = columns.map((c) => `"${c}"`).join(', ');
    const arrays = columns.map((c, i) => `$${i + 1}::${types.get(c) ?? 'text'}[]`).join(', ');
    const text = `insert into "${table}" (${names}) select * from unnest(${arrays})`;
    for (let start = 0; start < rows.length; start += MAX_ROWS) {
      const batch = values.slice(start, start + MAX_ROWS);
      const params = columns.map((c) => batch.map((row) => row[c] ?? null));
      await db.executeQuery(CompiledQuery.raw(text, params));
    }
    return;
  }
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(SQLITE_MAX_PARAMS / columns.length)));
  for (let start = 0; start < rows.length; start += size) {
    const batch = values.slice(start, start + size);
    const params: unknown[] = [];
    for (const row of batch) for (const c of columns) params.push(row[c] ?? null);
    await db.executeQuery(CompiledQuery.raw(sqliteInsert(table, columns, batch.length), params));
  }
}

/** Runs up to `limit` jobs at once; the first failure is thrown from the next add() or drain(). */
export class Pipeline {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | null = null;

  constructor(private readonly limit: number) {}

  async add(job: () => Promise<void>): Promise<void> {
    this.check();
    const run: Promise<void> = job()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
    if (this.running.size >= this.limit) await Promise.race(this.running);
    this.check();
  }

  /** Waits for every running job (their failures are kept for drain()). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  async drain(): Promise<void> {
    await this.settle();
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure.error;
  }
}
