import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, prepareDataDir } from '../config.js';
import { createTestDb } from '../test/db.js';
import { redactUrl } from './log-redact.js';

describe('redactUrl', () => {
  it('replaces the value of every secret parameter, and nothing else', () => {
    expect(redactUrl('/auth/reset-password?token=abc123')).toBe(
      '/auth/reset-password?token=[redacted]',
    );
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2&scope=openid')).toBe(
      '/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=openid',
    );
    expect(redactUrl('/x?ACCESS_TOKEN=a&refresh_token=b')).toBe(
      '/x?ACCESS_TOKEN=[redacted]&refresh_token=[redacted]',
    );
    expect(redactUrl('/stories?page=2&genre=Fantasy')).toBe('/stories?page=2&genre=Fantasy');
    expect(redactUrl('/stories/search?q=token=abc')).toBe('/stories/search?q=token=abc');
  });
});

describe('the request log', () => {
  it('never holds a secret from a query string', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-log-'));
    const testDb = await createTestDb();
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const config = prepareDataDir(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
    );
    const app = await buildApp(config, { db: testDb.db, logStream: stream });
    try {
      await app.inject({ url: '/auth/verify-email?token=verify-secret-1' });
      await app.inject({ url: '/auth/reset-password?token=reset-secret-2' });
      await app.inject({ url: '/api/auth/google/callback?code=google-code-3&state=state-4' });
      await app.inject({ url: '/api/health?access_token=bearer-secret-5' });
    } finally {
      await app.close();
      await testDb.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const log = lines.join('');
    expect(log).toContain('/auth/reset-password?token=[redacted]');
    for (const secret of [
      'verify-secret-1',
      'reset-secret-2',
      'google-code-3',
      'state-4',
      'bearer-secret-5',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
