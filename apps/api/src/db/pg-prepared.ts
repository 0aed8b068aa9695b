import type Pg from 'pg';

/**
 * PostgreSQL statements kept prepared on each connection (docs/decisions/050-postgres-prepared-statements.md).
 *
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans again each
 * time: on this project's reads, which fetch a few rows by index, planning is most of the
 * database's work. A connection here names each parameterized statement the first time it runs its text, so
 * PostgreSQL parses it once per connection, and after five runs keeps a generic plan when that
 * plan costs no more than those of the runs so far (`plan_cache_mode = auto`).
 */

/** Distinct statement texts each connection keeps prepared: the first ones it meets. */
export const PREPARED_PER_CONNECTION = 256;
/** Longer SQL (bulk inserts of the seed) is never kept. */
const PREPARED_SQL_MAX_LENGTH = 4_096;

/**
 * PostgreSQL's answer when a kept statement's result columns changed under it: a migration
 * added a column to a table the statement reads with `*` while this process was running.
 */
const STALE_STATEMENT = '0A000';

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;

/** Opening words of the statements that start and end a transaction (Kysely sends them bare). */
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback(?!\s+to\b)|abort)\b/i;

/**
 * Makes `client` prepare the parameterized statements it runs, up to `kept` distinct texts.
 * Statements without parameters (transactions' begin and commit, migrations' scripts, which may
 * hold several statements) and long ones run as before.
 */
export function keepStatementsPrepared(
  client: Pg.ClientBase,
  kept = PREPARED_PER_CONNECTION,
): void {
  const names = new Map<string, string>();
  let next = 0;
  let inTransaction = false;
  const query = client.query.bind(client) as QueryFn;

  const nameFor = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= kept) return name;
    // A name is never used twice on a connection: one forgotten (below) stays parsed there.
    const fresh = `storyloom_${next++}`;
    names.set(text, fresh);
    return fresh;
  };

  const wrapped: QueryFn = (config, values) => {
    if (typeof config !== 'string') return query(config, values);
    if (!Array.isArray(values) || values.length === 0 || config.length > PREPARED_SQL_MAX_LENGTH) {
      if (BEGINS.test(config)) inTransaction = true;
      else if (ENDS.test(config)) inTransaction = false;
      return query(config, values);
    }
    const name = nameFor(config);
    if (name === undefined) return query(config, values);
    return query({ name, text: config, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== STALE_STATEMENT) throw error;
      // Prepared again under a new name next time. Outside a transaction nothing was done,
      // so the statement runs again now, unnamed; inside one, PostgreSQL aborted the transaction.
      names.delete(config);
      if (inTransaction) throw error;
      return query(config, values);
    });
  };
  client.query = wrapped as typeof client.query;
}
