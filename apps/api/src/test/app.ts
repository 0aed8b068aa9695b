import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../app.js';
import { type Config, loadConfig, prepareDataDir } from '../config.js';
import type { Mailer } from '../lib/mailer.js';
import { createTestDb, type TestDb } from './db.js';

const silentMailer: Mailer = { send: async () => {} };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  testDb: TestDb;
  close(): Promise<void>;
}

/** The real app on a fresh database (TEST_DB picks SQLite or PostgreSQL), driven by inject(). */
export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  mailer?: Mailer;
  onRoute?: BuildOptions['onRoute'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storyloom-data-'));
  const testDb = await createTestDb();
  const config = prepareDataDir({
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env }),
  });
  const app = await buildApp(config, {
    db: testDb.db,
    logger: false,
    mailer: options.mailer ?? silentMailer,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    config,
    testDb,
    close: async () => {
      await app.close();
      await testDb.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
