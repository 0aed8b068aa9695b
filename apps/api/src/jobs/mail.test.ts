import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { newId } from '../lib/ids.js';
import { createMailer } from '../lib/mailer.js';
import { createTestApp } from '../test/app.js';
import { captureMailer } from '../test/mail.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function outboxMailer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-outbox-'));
  dirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const lines: unknown[] = [];
  const log = { info: (details: unknown) => lines.push(details) } as unknown as FastifyBaseLogger;
  return { mailer: createMailer(config, log), outbox: config.mail.outboxDir, lines };
}

const link = 'http://localhost:3000/auth/reset-password?token=secret-token-123';
const mail = { to: 'reader@example.com', subject: 'Reset', text: `Open ${link}\n`, link };

describe('the outbox delivery', () => {
  it('writes one file per job id, however often the job runs', async () => {
    const { mailer, outbox } = outboxMailer();
    const id = newId();
    await mailer.send(mail, { id });
    await mailer.send(mail, { id });
    await Promise.all([mailer.send(mail, { id }), mailer.send(mail, { id })]);
    expect(readdirSync(outbox)).toEqual([`${id}.eml`]);
    const eml = readFileSync(join(outbox, `${id}.eml`), 'utf8');
    expect(eml).toContain(`Message-ID: <${id}@storyloom>`);
    expect(eml).toContain('To: reader@example.com');
    expect(eml).toContain('secret-token-123');
  });

  it('logs the file and subject, never the link or its token', async () => {
    const { mailer, lines } = outboxMailer();
    await mailer.send(mail, { id: newId() });
    expect(lines).toHaveLength(1);
    expect(Object.keys(lines[0] as object).sort()).toEqual(['file', 'subject']);
    expect(JSON.stringify(lines)).not.toContain('token');
  });
});

describe('mail from the app', () => {
  it('goes through the job queue and is delivered by the worker with the job id', async () => {
    const capture = captureMailer();
    const ids: (string | undefined)[] = [];
    const t = await createTestApp({
      mailer: {
        async send(message, options) {
          ids.push(options?.id);
          await capture.mailer.send(message);
        },
      },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: 'queued_mail', email: 'queued@example.com', password: 'longenough1' },
      });
      expect(res.statusCode).toBe(201);
      expect(await capture.tokenFor('queued@example.com', '/auth/verify-email')).toBeTruthy();
      // Besides the periodic jobs every app schedules when it starts (their scheduled_runs).
      const jobs = await t.testDb.db.kysely
        .selectFrom('jobs')
        .selectAll()
        .where('id', 'not in', (eb) => eb.selectFrom('scheduled_runs').select('job_id'))
        .execute();
      expect(jobs).toHaveLength(1);
      expect(ids).toEqual([jobs[0]!.id]);
      expect(jobs[0]).toMatchObject({ kind: 'mail', attempts: 1 });
    } finally {
      await t.close();
    }
  });
});
