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
 * A kept statement whose result columns changed under it (a migration added a column to a table
 * it reads with `*` while this process was running): `cached plan must not change result type`.
 */
const isStale = (error: DatabaseErrorFields) =>
  error.code === '0A000' && error.routine === 'RevalidateCachedQuery';
/** The name is unknown to the server: pg closed it after failing to send the values. */
const isLost = (error: DatabaseErrorFields) => error.code === undefined || error.code === '26000';

type DatabaseErrorFields = { code?: string; routine?: string };
type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;

/**
 * Makes `client` prepare the parameterized statements it runs, up to `kept` distinct texts.
 * Statements without parameters (transactions' begin and commit, migrations' scripts, which may
 * hold several statements), long ones, and calls with a callback run as before.
 */
export function keepStatementsPrepared(
  client: Pg.ClientBase,
  kept = PREPARED_PER_CONNECTION,
): void {
  const names = new Map<string, string>();
  let next = 0;
  const query = client.query.bind(client) as QueryFn;

  const nameFor = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= kept) return name;
    // A name is never used twice on a connection: one forgotten (below) may stay parsed there.
    const fresh = `storyloom_${next++}`;
    names.set(text, fresh);
    return fresh;
  };

  const wrapped: QueryFn = (config, values, callback) => {
    if (
      typeof config !== 'string' ||
      callback !== undefined ||
      !Array.isArray(values) ||
      values.length === 0 ||
      config.length > PREPARED_SQL_MAX_LENGTH
    )
      return callback === undefined ? query(config, values) : query(config, values, callback);
    const name = nameFor(config);
    if (name === undefined) return query(config, values);
    return query({ name, text: config, values }).catch((error: DatabaseErrorFields) => {
      const stale = isStale(error);
      if (!stale && !isLost(error)) throw error;
      // Prepared again under a new name next time. A stale statement outside a transaction did
      // nothing, so it runs again now, unnamed; inside one, PostgreSQL aborted the transaction.
      names.delete(config);
      if (!stale || client.getTransactionStatus() !== 'I') throw error;
      return query(config, values);
    });
  };
  client.query = wrapped as typeof client.query;
}
