import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, prepareDataDir } from '../config.js';
import { createDb, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDb, type TestDb, testDbKind } from '../test/db.js';
import { createUser } from '../test/factories.js';
import { runScript } from '../test/run-script.js';

const SCRIPT = fileURLToPath(new URL('./admin.ts', import.meta.url));

const runAdmin = (args: string[], env: NodeJS.ProcessEnv) => runScript(SCRIPT, args, env);

let dataDir: string;
let db: Db;
let pgDb: TestDb | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storyloom-admin-'));
  if (testDbKind() === 'postgres') {
    pgDb = await createTestDb();
    db = pgDb.db;
    env = { DATA_DIR: dataDir, DATABASE_URL: pgDb.location };
  } else {
    db = createDb({ kind: 'sqlite', file: join(dataDir, 'storyloom.db') });
    await migrateToLatest(db);
    env = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  if (pgDb) await pgDb.cleanup();
  else await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SLOW = { timeout: 120_000 };
const roleOf = async (id: string) =>
  (
    await db.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).role;

describe('npm run admin', () => {
  it(
    'grants and revokes roles, in the audit log, and says clearly what is wrong',
    SLOW,
    async () => {
      const config = prepareDataDir(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      );
      const { user } = await createUser(db, config, { username: 'first_admin' });
      const [granted, unknownUser, unknownRole, noArgs] = await Promise.all([
        runAdmin(['grant', 'first_admin', 'admin'], env),
        runAdmin(['grant', 'nobody_here', 'admin'], env),
        runAdmin(['grant', 'first_admin', 'owner'], env),
        runAdmin([], env),
      ]);
      expect(granted.stderr).toBe('');
      expect(granted.code).toBe(0);
      expect(granted.stdout.trim()).toBe('first_admin is now an admin.');
      expect(await roleOf(user.id)).toBe('admin');
      expect(unknownUser.code).toBe(1);
      expect(unknownUser.stderr).toContain('No user named nobody_here');
      expect(unknownRole.code).toBe(1);
      expect(unknownRole.stderr).toContain('Unknown role "owner": choose admin or moderator.');
      expect(noArgs.code).toBe(1);
      expect(noArgs.stderr).toContain('Usage: npm run admin -- grant <username> admin|moderator');

      const revoked = await runAdmin(['revoke', 'first_admin'], env);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout.trim()).toBe('first_admin no longer has a staff role.');
      expect(await roleOf(user.id)).toBeNull();
      const audit = await db.kysely
        .selectFrom('moderation_actions')
        .select(['action', 'staff_username'])
        .orderBy('created_at')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['grant_admin', 'revoke_role']);
      expect(audit[0]!.staff_username).toBe('(command line)');
    },
  );
});
