import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { call, describe as describeOutcome, type Outcome } from './support/http.js';
import { type JobState, jobsInPostgres, jobsInSqlite, readOutbox } from './support/outbox.js';
import { PrivateCluster } from './support/postgres.js';
import { writeResults } from './support/results.js';
import { assertBuilt, freePort, type LogEntry, ServerProcess, sleep } from './support/server.js';

/**
 * Mail survives SIGKILLs: clients sign up (a verification mail each) and ask for password
 * resets (a reset mail each) while the server is killed and restarted; at the end every
 * acknowledged request's mail is in the outbox exactly once and no job is left undone.
 */

const KILLS = Number(process.env.CHAOS_JOB_KILLS ?? 4);
const CLIENTS = Number(process.env.CHAOS_JOB_CLIENTS ?? 6);
/** The worker's lease (15 s) plus polls: a job a killed worker held is done by then. */
const DRAIN_BOUND_MS = 40_000;
const PASSWORD = 'chaos-password-1';
const VERIFY_SUBJECT = 'Verify your Storyloom email';
const RESET_SUBJECT = 'Reset your Storyloom password';

const dirs: string[] = [];
const servers: ServerProcess[] = [];
let cluster: PrivateCluster | undefined;
const results: Record<string, unknown> = {};

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Account {
  email: string;
  /** The sign-up was answered 201, or got no answer (it may or may not have committed). */
  signup: 'acked' | 'unknown';
  resetsAcked: number;
  resetsUnknown: number;
}

/** What the clients asked for and what the servers answered. */
class MailLedger {
  readonly prefix = `j${randomBytes(3).toString('hex')}`;
  readonly accounts = new Map<string, Account>();
  readonly counts = {
    signup_acked: 0,
    signup_unanswered: 0,
    reset_acked: 0,
    reset_unanswered: 0,
    /** Sent while no server listened: they reached nothing and changed nothing. */
    refused: 0,
  };
  readonly unexpected: string[] = [];

  acked(): Account[] {
    return [...this.accounts.values()].filter((a) => a.signup === 'acked');
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** No answer, or a 5xx (the database may have committed before the process died): unknown. */
const unanswered = (o: Outcome) => o.kind !== 'response' || o.status >= 500;
/** The connection was refused: no server took the request, so it did nothing. */
const refused = (o: Outcome) => o.kind === 'network' && o.message.endsWith('ECONNREFUSED');

/** One client: sign-ups and reset requests, one at a time, to any server that is up. */
async function runClient(
  index: number,
  targets: ServerProcess[],
  ledger: MailLedger,
  stop: () => boolean,
) {
  for (let n = 0; !stop(); n += 1) {
    const up = targets.filter((s) => s.running);
    const baseURL = pick(up.length > 0 ? up : targets).baseURL;
    const known = ledger.acked();
    let answered: boolean;
    if (known.length > 0 && Math.random() < 0.4) {
      const account = pick(known);
      const o = await call(baseURL, 'POST', '/api/auth/forgot-password', {
        json: { email: account.email },
      });
      answered = !unanswered(o);
      if (refused(o)) ledger.counts.refused += 1;
      else if (o.kind === 'response' && o.status === 200) {
        account.resetsAcked += 1;
        ledger.counts.reset_acked += 1;
      } else if (unanswered(o)) {
        account.resetsUnknown += 1;
        ledger.counts.reset_unanswered += 1;
      } else ledger.unexpected.push(`forgot-password -> ${describeOutcome(o)}`);
    } else {
      const username = `${ledger.prefix}c${index}n${n}`;
      const email = `${username}@chaos.example`;
      const o = await call(baseURL, 'POST', '/api/auth/signup', {
        json: { username, email, password: PASSWORD },
      });
      answered = !unanswered(o);
      if (refused(o)) ledger.counts.refused += 1;
      else if (o.kind === 'response' && o.status === 201) {
        ledger.accounts.set(email, { email, signup: 'acked', resetsAcked: 0, resetsUnknown: 0 });
        ledger.counts.signup_acked += 1;
      } else if (unanswered(o)) {
        ledger.accounts.set(email, { email, signup: 'unknown', resetsAcked: 0, resetsUnknown: 0 });
        ledger.counts.signup_unanswered += 1;
      } else ledger.unexpected.push(`signup -> ${describeOutcome(o)}`);
    }
    // A server that is down refuses at once: don't spin against it.
    if (!answered) await sleep(50);
  }
}

interface Delivery {
  pid: number;
  jobId: string;
}

/** Collects the "mail written to outbox" lines (LOG_LEVEL=info), with the writing process. */
function deliveryLog(deliveries: Delivery[]) {
  return (entry: LogEntry) => {
    const line = entry as LogEntry & { pid?: number; file?: string };
    if (line.msg === 'mail written to outbox' && line.file && line.pid) {
      deliveries.push({ pid: line.pid, jobId: basename(line.file, '.eml') });
    }
  };
}

interface Scenario {
  processes: ServerProcess[];
  dataDir: string;
  readJobs: () => Promise<JobState[]>;
  deliveries: Delivery[];
}

async function run({ processes, dataDir, readJobs, deliveries }: Scenario) {
  for (const server of processes) await server.start(); // the first makes the shared JWT secret
  const ledger = new MailLedger();
  const killed = new Set<number>();
  let stop = false;
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    runClient(i, processes, ledger, () => stop),
  );

  const rounds: Record<string, unknown>[] = [];
  for (let round = 1; round <= KILLS; round += 1) {
    const killAfterMs = Math.round(800 + Math.random() * 1_700);
    await sleep(killAfterMs);
    // With two processes, one at random; the last round kills them all.
    const victims = processes.length === 1 || round === KILLS ? processes : [pick(processes)];
    const pids = victims.map((v) => v.pid);
    const cutBefore = ledger.counts.signup_unanswered + ledger.counts.reset_unanswered;
    await Promise.all(victims.map((v) => v.stop('SIGKILL')));
    for (const pid of pids) killed.add(pid);
    const jobs = await readJobs();
    const heldByKilled = jobs.filter(
      (j) => j.leased && pids.some((pid) => j.lockedBy?.includes(`:${pid}:`)),
    ).length;
    const restarted = Date.now();
    await Promise.all(victims.map((v) => v.start()));
    rounds.push({
      round,
      killed_after_ms: killAfterMs,
      processes_killed: victims.length,
      mail_jobs_so_far: jobs.length,
      jobs_waiting_at_kill: jobs.filter((j) => !j.done && !j.leased).length,
      jobs_held_by_killed_worker: heldByKilled,
      requests_cut: ledger.counts.signup_unanswered + ledger.counts.reset_unanswered - cutBefore,
      restart_ms: Date.now() - restarted,
    });
  }
  // Load on the recovered processes, then let the queue drain.
  await sleep(1_000);
  stop = true;
  await Promise.all(clients);
  const drainStarted = Date.now();
  let jobs = await readJobs();
  while (jobs.some((j) => !j.done) && Date.now() - drainStarted < DRAIN_BOUND_MS) {
    await sleep(200);
    jobs = await readJobs();
  }
  const drainMs = Date.now() - drainStarted;
  const pidsAtEnd = processes.map((p) => p.pid);
  await Promise.all(processes.map((p) => p.stop('SIGTERM')));

  jobs = await readJobs();
  const outbox = readOutbox(dataDir);
  const failures = check(ledger, outbox.mails, jobs, deliveries, killed);
  // By the processes that ran last: which of them sent mail (an object keeps the JSON tidy).
  const deliveriesByEnd = Object.fromEntries(
    pidsAtEnd.map((pid, i) => [`process_${i + 1}`, deliveries.filter((d) => d.pid === pid).length]),
  );
  return {
    failures,
    ledger,
    jobs,
    figures: {
      clients: CLIENTS,
      processes: processes.length,
      kills: KILLS,
      processes_killed: killed.size,
      rounds,
      requests: ledger.counts,
      unexpected_answers: ledger.unexpected.length,
      mail_jobs: jobs.length,
      mails_in_outbox: outbox.mails.length,
      jobs_run_more_than_once: jobs.filter((j) => j.attempts > 1).length,
      max_attempts: Math.max(0, ...jobs.map((j) => j.attempts)),
      deliveries_logged: deliveries.length,
      repeated_deliveries_after_a_kill:
        deliveries.length - new Set(deliveries.map((d) => d.jobId)).size,
      deliveries_by_last_processes: deliveriesByEnd,
      half_written_files_left: outbox.leftovers,
      drain_ms: drainMs,
      failures: failures.length,
    },
  };
}

/** Every acknowledged request's mail is there once; nothing else is; no job is left. */
function check(
  ledger: MailLedger,
  mails: ReturnType<typeof readOutbox>['mails'],
  jobs: JobState[],
  deliveries: Delivery[],
  killed: Set<number>,
): string[] {
  const failures: string[] = [];
  for (const job of jobs) {
    if (!job.done) failures.push(`job ${job.id} (${job.kind}) is not done`);
    if (job.failed) failures.push(`job ${job.id} (${job.kind}) failed`);
  }
  // A `mail` job always writes its file; a `password-reset` job writes one when the email has
  // an account (the ledger below checks the acknowledged ones got theirs).
  const jobIds = new Set(jobs.filter((j) => j.kind === 'mail').map((j) => j.id));
  const mailing = new Set(
    jobs.filter((j) => j.kind === 'mail' || j.kind === 'password-reset').map((j) => j.id),
  );
  const fileIds = new Set(mails.map((m) => m.jobId));
  for (const id of jobIds) if (!fileIds.has(id)) failures.push(`mail job ${id} has no file`);
  for (const id of fileIds) if (!mailing.has(id)) failures.push(`outbox file ${id} has no job`);

  const tokens = new Map<string, number>();
  for (const mail of mails) {
    if (!mail.token) failures.push(`mail ${mail.jobId} carries no link`);
    else tokens.set(mail.token, (tokens.get(mail.token) ?? 0) + 1);
  }
  for (const [token, n] of tokens) if (n > 1) failures.push(`link ${token} mailed ${n} times`);

  const count = (to: string, subject: string) =>
    mails.filter((m) => m.to === to && m.subject === subject).length;
  for (const account of ledger.accounts.values()) {
    const verify = count(account.email, VERIFY_SUBJECT);
    if (account.signup === 'acked' && verify !== 1)
      failures.push(`${account.email}: acknowledged sign-up, ${verify} verification mails`);
    if (account.signup === 'unknown' && verify > 1)
      failures.push(`${account.email}: ${verify} verification mails`);
    const resets = count(account.email, RESET_SUBJECT);
    const most = account.resetsAcked + account.resetsUnknown;
    if (resets < account.resetsAcked || resets > most)
      failures.push(
        `${account.email}: ${resets} reset mails for ${account.resetsAcked} acknowledged and ${account.resetsUnknown} unanswered requests`,
      );
  }
  for (const mail of mails)
    if (!ledger.accounts.has(mail.to)) failures.push(`mail to a stranger: ${mail.to}`);

  // A job is written again only after the process that wrote it first was killed.
  const byJob = new Map<string, Delivery[]>();
  for (const d of deliveries) byJob.set(d.jobId, [...(byJob.get(d.jobId) ?? []), d]);
  for (const [jobId, list] of byJob) {
    const repeatedByLive = list.slice(0, -1).filter((d) => !killed.has(d.pid));
    if (repeatedByLive.length > 0)
      failures.push(`job ${jobId} delivered ${list.length} times, not after a kill`);
  }
  failures.push(...ledger.unexpected.map((u) => `unexpected answer: ${u}`));
  return failures;
}

function record(name: string, figures: Record<string, unknown>) {
  results[name] = figures;
  writeResults('jobs-crash', { lease_ms: 15_000, ...results });
}

function expectSound(outcome: Awaited<ReturnType<typeof run>>) {
  const { failures, ledger, figures } = outcome;
  expect(failures.slice(0, 30), failures.slice(0, 30).join('\n')).toEqual([]);
  expect(ledger.counts.signup_acked).toBeGreaterThan(KILLS * 5);
  expect(ledger.counts.reset_acked).toBeGreaterThan(KILLS * 3);
  // The kills landed under load: requests were cut each time.
  const rounds = figures.rounds as { requests_cut: number }[];
  expect(rounds.filter((r) => r.requests_cut > 0).length).toBeGreaterThanOrEqual(KILLS - 1);
}

test('SQLite: mail survives repeated SIGKILLs, none lost and none repeated', async () => {
  assertBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-jobs-'));
  dirs.push(dataDir);
  const deliveries: Delivery[] = [];
  const server = new ServerProcess({
    port: await freePort(),
    dataDir,
    env: { LOG_LEVEL: 'info' },
    onLog: deliveryLog(deliveries),
  });
  servers.push(server);
  const file = join(dataDir, 'storyloom.db');
  const outcome = await run({
    processes: [server],
    dataDir,
    readJobs: async () => jobsInSqlite(file),
    deliveries,
  });
  record('sqlite', { database: 'sqlite', ...outcome.figures });
  expectSound(outcome);
});

test('PostgreSQL, two server processes: mail survives SIGKILLs, each job sent by one process', async () => {
  assertBuilt();
  cluster = new PrivateCluster(await freePort());
  const databaseUrl = await cluster.launch('storyloom');
  // One DATA_DIR for both: one JWT secret (a token from one is good on the other), one outbox.
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-chaos-jobs-pg-'));
  dirs.push(dataDir);
  const deliveries: Delivery[] = [];
  const processes: ServerProcess[] = [];
  for (let i = 0; i < 2; i += 1) {
    processes.push(
      new ServerProcess({
        port: await freePort(),
        dataDir,
        databaseUrl,
        env: { LOG_LEVEL: 'info' },
        onLog: deliveryLog(deliveries),
      }),
    );
  }
  servers.push(...processes);
  const outcome = await run({
    processes,
    dataDir,
    readJobs: () => jobsInPostgres(databaseUrl),
    deliveries,
  });
  record('postgres', {
    database: 'postgresql (private cluster), two API processes on one database',
    ...outcome.figures,
  });
  expectSound(outcome);
  // Both processes' workers sent mail: the queue is shared, not split by process.
  expect(new Set(deliveries.map((d) => d.pid)).size).toBeGreaterThanOrEqual(2);
});
