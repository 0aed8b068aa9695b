// Runs the API suite on PostgreSQL. Without a reachable server it fails in CI, and elsewhere
// says so loudly and skips, so `npm test` still works on a laptop with no PostgreSQL.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  const message = `PostgreSQL is not reachable at ${url} (${error.message}).`;
  if (process.env.CI) {
    console.error(`${message} CI requires the PostgreSQL run.`);
    process.exit(1);
  }
  console.warn(
    `\n!! ${message} Skipping the PostgreSQL API run; set TEST_PG_URL to point at one.\n`,
  );
  process.exit(0);
}
const args = ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(run.status ?? 1);
