import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type FileEntry, sha256File } from './files.js';
import { BackupError, DATABASE_FILE, type Manifest, readManifest } from './manifest.js';
import { inspectSqlite } from './sqlite.js';

/** Every file a manifest lists, database first. */
export const manifestFiles = (manifest: Manifest): FileEntry[] => [
  manifest.database,
  ...manifest.media.entries,
  ...(manifest.jwt_secret ? [manifest.jwt_secret] : []),
];

/** Checks one copied file against its manifest entry; a BackupError naming it otherwise. */
export async function checkFile(root: string, entry: FileEntry, what: string): Promise<void> {
  const file = join(root, entry.path);
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(`${what} is damaged: ${entry.path} is missing.`);
  }
  if (size !== entry.bytes || (await sha256File(file)) !== entry.sha256) {
    throw new BackupError(`${what} is damaged: ${entry.path} does not match its manifest.`);
  }
}

/**
 * Reads a backup's manifest and checks every byte it lists (size and SHA-256) and the
 * database's integrity. Reads only: the backup directory is left as it was.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  try {
    if (!(await stat(dir)).isDirectory()) throw new BackupError(`${dir} is not a directory.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(`Backup directory not found: ${dir}`);
  }
  const manifest = await readManifest(dir);
  for (const entry of manifestFiles(manifest)) await checkFile(dir, entry, `The backup in ${dir}`);
  const report = inspectSqlite(join(dir, DATABASE_FILE));
  if (report.integrity !== 'ok') {
    throw new BackupError(
      `The backup in ${dir} is damaged: ${DATABASE_FILE} fails PRAGMA integrity_check (${report.integrity}).`,
    );
  }
  return manifest;
}
