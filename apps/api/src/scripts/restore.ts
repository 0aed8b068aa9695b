import { parseArgs } from 'node:util';
import { BackupError } from '../backup/manifest.js';
import { restoreBackup } from '../backup/restore.js';
import { ConfigError, loadConfig } from '../config.js';

const USAGE = `Usage: node apps/api/dist/scripts/restore.js <backup dir> [--force]
       (npm run restore -- <backup dir> [--force])

Restores a backup written by npm run backup into DATA_DIR (the SQLite database, media and
token secret). Stop the server first: a database in use is refused. Every file is checked
against the backup's manifest and the database with PRAGMA integrity_check before anything in
DATA_DIR changes.

Options:
  --force   replace a DATA_DIR that already holds data; the old files are moved to
            DATA_DIR/pre-restore-<time>/, never deleted
  --help    show this text`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.info(USAGE);
    return;
  }
  if (parsed.positionals.length !== 1) fail(`Give exactly one backup directory.\n\n${USAGE}`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  const { manifest, movedAside } = await restoreBackup({
    backupDir: parsed.positionals[0]!,
    config,
    force: parsed.values.force,
  });
  const { tables } = manifest.database;
  console.info(
    `Restored the backup of ${manifest.created_at} into ${config.dataDir}: ${tables.users ?? 0} users, ${tables.stories ?? 0} stories, ${tables.chapters ?? 0} chapters, ${manifest.media.files} media files (verified).`,
  );
  if (movedAside) console.info(`The previous data is in ${movedAside}.`);
  console.info('Start the server as usual (npm start).');
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(error.message, error.exitCode);
  fail(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
});
