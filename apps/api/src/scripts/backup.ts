import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create.js';
import { BackupError } from '../backup/manifest.js';
import { ConfigError, loadConfig } from '../config.js';

const USAGE = `Usage: node apps/api/dist/scripts/backup.js [--out DIR]   (npm run backup -- [--out DIR])

Takes a consistent online backup of DATA_DIR while the server keeps running: the SQLite
database (a snapshot of one moment), every media file, the generated token secret, and a
manifest.json with sizes, SHA-256 hashes and row counts. The copy is verified (hashes and
PRAGMA integrity_check) before it gets its final name. Restore with npm run restore.

Options:
  --out DIR   where to write the backup (new or empty; default DATA_DIR/backups/<UTC time>)
  --help      show this text

With DATABASE_URL set (PostgreSQL) it exits with status 2 and explains pg_dump and PITR.`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  let values: { out?: string; help?: boolean };
  try {
    values = parseArgs({
      options: { out: { type: 'string' }, help: { type: 'boolean', default: false } },
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  const started = performance.now();
  const { dir, manifest } = await createBackup({ config, outDir: values.out });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { database, media, jwt_secret } = manifest;
  const rows = ['users', 'stories', 'chapters']
    .map((table) => `${table} ${(database.tables[table] ?? 0).toLocaleString('en-US')}`)
    .join(', ');
  console.info(`Backed up ${config.dataDir} to ${dir} in ${seconds} s (verified)`);
  console.info(
    `  database  ${megabytes(database.bytes)}, integrity ${database.integrity}, ${rows}`,
  );
  console.info(
    `  media     ${media.files.toLocaleString('en-US')} files, ${megabytes(media.bytes)}`,
  );
  console.info(`  secret    ${jwt_secret ? 'jwt-secret included' : 'none in DATA_DIR'}`);
  for (const path of media.missing) {
    process.stderr.write(`warning: ${path} is referenced but was already missing from DATA_DIR\n`);
  }
  console.info(`Restore (server stopped): DATA_DIR=<dir> npm run restore -- ${dir}`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(error.message, error.exitCode);
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
});
