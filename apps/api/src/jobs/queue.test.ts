import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/db.js';
import type { TestJobs } from '../test/jobs.js';
import { enqueue } from './queue.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const jobIds = async () =>
  (await t.db.kysely.selectFrom('jobs').select('id').execute()).map((r) => r.id);

describe('enqueue', () => {
  it('adds a due job with its payload as JSON', async () => {
    const id = await enqueue(t.db.kysely, {
      kind: 'mail',
      payload: { to: 'a@example.com', subject: 'Hi', text: 'Hello' },
    });
    const row = await t.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'mail', attempts: 0, locked_by: null, done_at: null });
    expect(JSON.parse(row.payload)).toEqual({ to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    expect(row.run_at).toBe(row.created_at);
  });

  it('commits with the caller’s transaction, or not at all', async () => {
    const before = await jobIds();
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await enqueue<TestJobs>(trx, { kind: 'count', payload: { n: 1 } });
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed');
    expect(await jobIds()).toEqual(before);

    const kept = await t.db.kysely
      .transaction()
      .execute((trx) => enqueue<TestJobs>(trx, { kind: 'count', payload: { n: 2 } }));
    expect(await jobIds()).toEqual([...before, kept]);
  });
});
