import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';
import { createDb } from './index.js';
import { keepStatementsPrepared } from './pg-prepared.js';

/** The statements this session holds prepared, by their text. */
async function preparedTexts(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by prepare_time',
  );
  return rows.map((row) => row.statement);
}

describe.runIf(testDbKind() === 'postgres')('PostgreSQL statements kept prepared', () => {
  let t: TestDb;
  const clients: pg.Client[] = [];
  const connect = async (kept?: number) => {
    const client = new pg.Client({ connectionString: t.location });
    await client.connect();
    clients.push(client);
    keepStatementsPrepared(client, kept);
    return client;
  };

  beforeAll(async () => {
    t = await createTestDb();
    await sql`create table kept_rows (id integer primary key, name text not null)`.execute(
      t.db.kysely,
    );
    await sql`insert into kept_rows values (1, 'one'), (2, 'two'), (3, 'three')`.execute(
      t.db.kysely,
    );
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });
  afterAll(() => t.cleanup());

  it('prepares a parameterized statement once per connection and runs it again by name', async () => {
    const client = await connect();
    const text = 'select name from kept_rows where id = $1';
    for (const id of [1, 2, 3, 1]) {
      const { rows } = await client.query<{ name: string }>(text, [id]);
      expect(rows).toHaveLength(1);
    }
    expect(await preparedTexts(client)).toEqual([text]);
  });

  it('leaves statements without parameters unprepared, several in one text included', async () => {
    const client = await connect();
    const results = (await client.query('select 1 as a; select 2 as b', [])) as unknown as {
      rows: unknown[];
    }[];
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect(await preparedTexts(client)).toEqual([]);
  });

  it('keeps at most the number it was given; the rest run unnamed and still answer', async () => {
    const client = await connect(2);
    const texts = [
      'select name from kept_rows where id = $1',
      'select id from kept_rows where name = $1',
      'select count(*)::int as n from kept_rows where id > $1',
    ];
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ name: 'one' }]);
    expect((await client.query(texts[1]!, ['two'])).rows).toEqual([{ id: 2 }]);
    expect((await client.query(texts[2]!, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(texts[2]!, [0])).rows).toEqual([{ n: 3 }]);
    expect(await preparedTexts(client)).toEqual(texts.slice(0, 2));
  });

  it('runs a kept statement again after a migration changed the columns it reads', async () => {
    const client = await connect();
    const text = 'select * from kept_rows where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    // Another process migrates while this one runs: a column is added.
    await sql`alter table kept_rows add column note text`.execute(t.db.kysely);
    try {
      // Outside a transaction the statement simply runs again, prepared anew.
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', note: null }]);
      expect((await client.query(text, [2])).rows).toEqual([{ id: 2, name: 'two', note: null }]);

      // Inside one, PostgreSQL has already aborted it: the error stands, as for any other,
      // and the next transaction runs the statement, prepared anew.
      await sql`alter table kept_rows drop column note`.execute(t.db.kysely);
      await client.query('begin', []);
      await expect(client.query(text, [1])).rejects.toMatchObject({
        code: '0A000',
        routine: 'RevalidateCachedQuery',
      });
      await client.query('rollback', []);
      await client.query('begin', []);
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      await client.query('commit', []);
    } finally {
      await sql`alter table kept_rows drop column if exists note`.execute(t.db.kysely);
    }
  });

  it('prepares a statement again when a value could not be sent (pg closed its name)', async () => {
    const client = await connect();
    const text = 'select name from kept_rows where id = $1';
    const unsendable = {
      toPostgres() {
        throw new Error('not a value');
      },
    };
    await expect(client.query(text, [unsendable])).rejects.toThrow('not a value');
    expect((await client.query(text, [2])).rows).toEqual([{ name: 'two' }]);
    expect((await client.query(text, [3])).rows).toEqual([{ name: 'three' }]);
  });

  it('passes a call with a callback through as it came', async () => {
    const client = await connect();
    const rows = await new Promise((resolve, reject) => {
      client.query('select name from kept_rows where id = $1', [1], (error, result) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
    expect(rows).toEqual([{ name: 'one' }]);
    expect(await preparedTexts(client)).toEqual([]);
  });

  it('is what the app’s pool does unless DATABASE_PREPARED_STATEMENTS is false', async () => {
    for (const prepared of [true, false]) {
      const db = createDb({ kind: 'postgres', url: t.location, prepared });
      try {
        const statements = await db.kysely.transaction().execute(async (trx) => {
          await sql`select name from kept_rows where id = ${1}`.execute(trx);
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%kept_rows%'}`.execute(
            trx,
          );
          return rows[0]!.n;
        });
        expect(statements).toBe(prepared ? 1 : 0);
      } finally {
        await db.close();
      }
    }
  });
});
