import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../lib/error-handler.js';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';

let t: TestDb;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestDb();
  app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  // A request whose transaction loses its connection half-way (the server kills the backend).
  app.post('/dropped', async () => {
    await t.db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
    });
    return { success: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.cleanup();
});

// PostgreSQL only: SQLite has no connection to lose. The chaos suite (reliability/) stops a
// whole database under load; this is the same failure in one request, fast enough for CI.
describe.runIf(testDbKind() === 'postgres')('a PostgreSQL connection dropped mid-request', () => {
  it('answers that request 503 without taking the process down, and the pool carries on', async () => {
    const res = await app.inject({ method: 'POST', url: '/dropped' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
    // The client's 'error' event fires after the query has failed; give it that moment.
    await new Promise((r) => setTimeout(r, 100));
    await t.db.ping();
    const rows = await sql<{ n: number }>`select 1 as n`.execute(t.db.kysely);
    expect(rows.rows[0]?.n).toBe(1);
  });
});
