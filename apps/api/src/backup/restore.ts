import { chmod, mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { copyWithHash, exists, fsyncPath, listFiles } from './files.js';
import {
  BackupError,
  DATABASE_FILE,
  JWT_SECRET_FILE,
  type Manifest,
  MEDIA_DIR,
} from './manifest.js';
import { inspectSqlite, isSqliteInUse } from './sqlite.js';
import { checkFile, manifestFiles, verifyBackup } from './verify.js';

export interface RestoreOptions {
  /** A directory written by `npm run backup`. */
  backupDir: string;
  /** The target: DATA_DIR's database file and media directory. */
  config: Config;
  /** Replace a DATA_DIR that already holds data (it is moved aside, never deleted). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data that was in DATA_DIR before went, when there was any. */
  movedAside: string | null;
}

const stamp = () => new Date().toISOString().replaceAll(':', '-');

/** What a restore replaces in DATA_DIR, if present: the database with its WAL, media, secret. */
const replaceable = (dbFile: string, config: Config, manifest: Manifest): string[] => [
  dbFile,
  `${dbFile}-wal`,
  `${dbFile}-shm`,
  config.mediaDir,
  ...(manifest.jwt_secret ? [join(config.dataDir, JWT_SECRET_FILE)] : []),
];

/**
 * Puts a verified backup into DATA_DIR. Refuses while anything has the database open (a running
 * server) and, without `force`, when DATA_DIR already holds data. The backup is first copied
 * into DATA_DIR/.restore-* and checked again, then the old files are moved to
 * DATA_DIR/pre-restore-* and the new ones renamed into place.
 */
export async function restoreBackup({
  backupDir,
  config,
  force = false,
}: RestoreOptions): Promise<RestoreResult> {
  if (config.database.kind !== 'sqlite') {
    throw new BackupError(
      'DATABASE_URL is set: restore puts an SQLite backup into DATA_DIR. Restore PostgreSQL with pg_restore or PITR (docs/reliability.md).',
      2,
    );
  }
  const source = resolve(backupDir);
  const manifest = await verifyBackup(source);
  const { dataDir } = config;
  const dbFile = config.database.file;

  if ((await exists(dbFile)) && isSqliteInUse(dbFile)) {
    throw new BackupError(
      `${dbFile} is in use (is the server running?). Stop the server, then restore again.`,
    );
  }
  const mediaFiles = await listFiles(config.mediaDir);
  const present = (await Promise.all([dbFile, `${dbFile}-wal`].map(exists))).some(Boolean);
  const held = [
    ...(present ? ['a database'] : []),
    ...(mediaFiles.length > 0 ? [`${mediaFiles.length} media files`] : []),
  ];
  if (held.length > 0 && !force) {
    throw new BackupError(
      `${dataDir} already holds data (${held.join(' and ')}). Pass --force to replace it: the current files are moved to ${join(dataDir, 'pre-restore-<time>')}, not deleted.`,
    );
  }

  const createdDataDir = !(await exists(dataDir));
  const time = stamp();
  const staging = join(dataDir, `.restore-${time}`);
  await mkdir(dataDir, { recursive: true });
  await mkdir(staging, { mode: 0o700 });
  try {
    for (const entry of manifestFiles(manifest)) {
      await copyWithHash(join(source, entry.path), join(staging, entry.path));
      await checkFile(staging, entry, 'The copy in DATA_DIR');
    }
    if (manifest.jwt_secret) await chmod(join(staging, JWT_SECRET_FILE), 0o600);
    await mkdir(join(staging, MEDIA_DIR), { recursive: true });
    const report = inspectSqlite(join(staging, DATABASE_FILE));
    if (report.integrity !== 'ok') {
      throw new BackupError(
        `The restored database fails PRAGMA integrity_check: ${report.integrity}`,
      );
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (createdDataDir) await rmdir(dataDir).catch(() => {});
    throw error;
  }

  // The swap: renames within DATA_DIR, so each step is atomic and nothing is copied twice.
  let movedAside: string | null = null;
  for (const path of replaceable(dbFile, config, manifest)) {
    if (!(await exists(path))) continue;
    movedAside ??= join(dataDir, `pre-restore-${time}`);
    await mkdir(movedAside, { recursive: true, mode: 0o700 });
    await rename(path, join(movedAside, basename(path)));
  }
  await rename(join(staging, DATABASE_FILE), dbFile);
  await rename(join(staging, MEDIA_DIR), config.mediaDir);
  if (manifest.jwt_secret) {
    await rename(join(staging, JWT_SECRET_FILE), join(dataDir, JWT_SECRET_FILE));
  }
  await rm(staging, { recursive: true, force: true });
  await fsyncPath(dataDir);
  return { manifest, movedAside };
}
