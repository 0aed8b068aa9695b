import { existsSync } from 'node:fs';
import { STAFF_ROLES } from '@storyloom/shared';
import { ConfigError, loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { setRoleFromConsole } from '../modules/moderation/service.js';

const USAGE = `Usage: npm run admin -- grant <username> admin|moderator
       npm run admin -- revoke <username>
       (node apps/api/dist/scripts/admin.js …)

Gives a user a staff role, or takes it back, in the database the server uses (DATA_DIR, or
DATABASE_URL for PostgreSQL). The first admin is made this way; admins then grant and take
roles at /admin. The change is written to the audit log, and takes effect on the user's next
request (no new sign-in needed). Safe to run while the server runs.`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const [command, username, role, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === 'help') {
    console.info(USAGE);
    return;
  }
  if (command !== 'grant' && command !== 'revoke') fail(USAGE);
  if (!username) fail(`Name the user.\n\n${USAGE}`);
  if (rest.length > 0) fail(`Too many arguments.\n\n${USAGE}`);
  if (command === 'grant' && !STAFF_ROLES.includes(role as (typeof STAFF_ROLES)[number]))
    fail(`Unknown role "${role ?? ''}": choose admin or moderator.\n\n${USAGE}`);
  if (command === 'revoke' && role !== undefined) fail(`revoke takes no role.\n\n${USAGE}`);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file))
    fail(`No database at ${config.database.file}: is DATA_DIR right?`);
  const db = createDb(config.database);
  try {
    // The role columns may be newer than the database: bring it up to date first.
    await migrateToLatest(db);
    const granted = command === 'grant' ? (role as 'admin' | 'moderator') : null;
    const user = await setRoleFromConsole(db, username, granted).catch((error: unknown) =>
      fail(error instanceof Error ? error.message : String(error)),
    );
    console.info(
      granted
        ? `${user.username} is now ${granted === 'admin' ? 'an admin' : 'a moderator'}.`
        : `${user.username} no longer has a staff role.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  fail(`Failed: ${error instanceof Error ? error.message : String(error)}`);
});
