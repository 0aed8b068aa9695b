import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { call, describe, isUnavailableEnvelope, type Outcome } from './support/http.js';
import { PrivateCluster } from './support/postgres.js';
import { writeResults } from './support/results.js';
import { assertBuilt, freePort, type LogEntry, ServerProcess, sleep } from './support/server.js';
import { snapshotPostgres, verify } from './support/verify.js';
import { Ledger, WorkloadClient } from './support/workload.js';

const CLIENTS = 6;
const LOAD_MS = 5_000;
const OUTAGE_MS = Number(process.env.CHAOS_OUTAGE_SECONDS ?? 10) * 1_000;
const AFTER_MS = 5_000;
/** The API must serve again this soon after PostgreSQL accepts connections. */
const RECOVERY_BOUND_MS = 30_000;
/** A request must be answered (503 or not) in this time; longer counts as a hang. */
const REQUEST_TIMEOUT_MS = 10_000;

type Phase = 'before' | 'outage' | 'recovering' | 'after';

interface PhaseStats {
  answers: number;
  ok: number;
  unavailable: number;
  /** Answers breaking the phase's promise (see `acceptable`). */
  bad: string[];
  maxMs: number;
}

const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-pgapi-'));
let cluster: PrivateCluster | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Before and after the outage everything is 2xx; during it, 2xx or the 503 envelope. */
function acceptable(phase: Phase, o: Outcome): boolean {
  const ok = o.kind === 'response' && o.status >= 200 && o.status < 300;
  if (phase === 'before' || phase === 'after') return ok;
  return ok || isUnavailableEnvelope(o);
}

test('PostgreSQL outage: 503 envelopes while the database is down, recovery without a restart', async () => {
  assertBuilt();
  cluster = new PrivateCluster(await freePort());
  const databaseUrl = await cluster.launch('storyloom');
  let phase = 'before' as Phase;
  // Why the API answered 503, per phase, from its own 'database unavailable' warnings.
  const causes = new Map<Phase, Record<string, number>>();
  // The API's own errors (level 50 and up), so that a bad answer comes with its cause.
  const serverErrors: string[] = [];
  const onLog = (entry: LogEntry) => {
    if ((entry.level ?? 0) >= 50 && serverErrors.length < 20) {
      serverErrors.push(
        `[${phase}] ${entry.msg ?? ''}: ${entry.err?.stack ?? entry.err?.message ?? ''}`,
      );
    }
    if (entry.msg !== 'database unavailable') return;
    const cause = `${entry.err?.code ?? ''} ${entry.err?.message ?? ''}`.trim().slice(0, 120);
    const byCause = causes.get(phase) ?? {};
    byCause[cause] = (byCause[cause] ?? 0) + 1;
    causes.set(phase, byCause);
  };
  server = new ServerProcess({ port: await freePort(), dataDir, databaseUrl, onLog });
  await server.start();
  const serverPid = server.pid;

  const stats = new Map<Phase, PhaseStats>();
  const observe = (label: string, o: Outcome) => {
    let s = stats.get(phase);
    if (!s) {
      s = { answers: 0, ok: 0, unavailable: 0, bad: [], maxMs: 0 };
      stats.set(phase, s);
    }
    s.answers += 1;
    s.maxMs = Math.max(s.maxMs, o.ms);
    if (o.kind === 'response' && o.status >= 200 && o.status < 300) s.ok += 1;
    if (isUnavailableEnvelope(o)) s.unavailable += 1;
    if (!acceptable(phase, o) && s.bad.length < 20) s.bad.push(`${label} -> ${describe(o)}`);
  };

  const ledger = new Ledger();
  const options = {
    baseURL: server.baseURL,
    ledger,
    allowUnavailable: true,
    timeoutMs: REQUEST_TIMEOUT_MS,
    observe,
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => new WorkloadClient(options, i));
  let stop = false;
  const running = clients.map((c) => c.run(() => stop));

  // Readers too: a public list and the health check, a few times a second.
  let firstOkAfterStart: number | null = null;
  const probeLoop = async () => {
    while (!stop) {
      for (const path of ['/api/stories?limit=5', '/api/health']) {
        const o = await call(server!.baseURL, 'GET', path, { timeoutMs: REQUEST_TIMEOUT_MS });
        observe(`GET ${path}`, o);
        if (phase === 'recovering' && o.kind === 'response' && o.status === 200) {
          firstOkAfterStart ??= Date.now();
        }
      }
      await sleep(100);
    }
  };
  const probe = probeLoop();

  await sleep(LOAD_MS);
  const ackedBeforeOutage = ledger.ackedWrites();
  // The outage starts with the stop command: connections break while pg_ctl is still running.
  phase = 'outage';
  const outageStarted = Date.now();
  await cluster.stop('immediate');
  await sleep(OUTAGE_MS);
  phase = 'recovering';
  const startCommandAt = Date.now();
  const outageMs = startCommandAt - outageStarted;
  await cluster.start();
  const pgStartMs = Date.now() - startCommandAt;
  while (firstOkAfterStart === null && Date.now() - startCommandAt < RECOVERY_BOUND_MS) {
    await sleep(50);
  }
  const recoveredAt: number | null = firstOkAfterStart;
  // Whatever was sent before the first success may still be answering; start "after" clean.
  await sleep(1_000);
  phase = 'after';
  await sleep(AFTER_MS);
  stop = true;
  await Promise.all([...running, probe]);

  // Same process throughout: the API recovered by itself.
  expect(server.running, `the API process died:\n${server.log()}`).toBe(true);
  expect(server.pid).toBe(serverPid);
  await server.stop('SIGTERM');
  const snapshot = await snapshotPostgres(databaseUrl);
  const check = verify(ledger, snapshot);

  const phases = Object.fromEntries(
    [...stats].map(([name, s]) => [
      name,
      {
        answers: s.answers,
        ok: s.ok,
        unavailable_503: s.unavailable,
        bad: s.bad.length,
        max_ms: s.maxMs,
      },
    ]),
  );
  writeResults('postgres-outage', {
    database: 'postgresql (private cluster, pg_ctl stop -m immediate)',
    clients: CLIENTS,
    // From `pg_ctl stop -m immediate` being run to `pg_ctl start` being run.
    outage_ms: outageMs,
    // `pg_ctl start -w`: crash recovery until PostgreSQL accepts connections.
    database_start_ms: pgStartMs,
    // From `pg_ctl start` being run to the API's first 2xx, with no restart of the API.
    api_recovered_ms: recoveredAt === null ? null : recoveredAt - startCommandAt,
    recovery_bound_ms: RECOVERY_BOUND_MS,
    phases,
    unavailable_causes: Object.fromEntries(causes),
    acked_writes_before_outage: ackedBeforeOutage,
    acked_writes: ledger.ackedWrites(),
    requests_sent: ledger.total('sent'),
    timed_out_requests: ledger.total('timeouts'),
    verification: check.figures,
    failures: check.failures.length,
  });

  for (const [name, s] of stats) {
    expect(
      s.bad,
      `${name}: ${s.bad.join('\n')}\nserver errors:\n${serverErrors.join('\n')}`,
    ).toEqual([]);
  }
  expect(stats.get('outage')?.unavailable ?? 0).toBeGreaterThan(10);
  expect(
    recoveredAt,
    `no 2xx within ${RECOVERY_BOUND_MS} ms of starting PostgreSQL`,
  ).not.toBeNull();
  expect(stats.get('after')?.ok ?? 0).toBeGreaterThan(20);
  expect(ledger.total('timeouts')).toBe(0);
  expect(check.failures, check.failures.join('\n')).toEqual([]);
  expect(ackedBeforeOutage).toBeGreaterThan(20);
});
