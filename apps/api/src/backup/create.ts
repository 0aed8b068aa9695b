import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { profilePicThumbOf } from '@storyloom/shared';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { coverThumbOf } from '../modules/media/covers.js';
import { createLocalStorage } from '../modules/media/storage.js';
import { copyWithHash, exists, type FileEntry, fsyncPath, listFiles, sha256File } from './files.js';
import {
  BackupError,
  DATABASE_FILE,
  JWT_SECRET_FILE,
  MANIFEST_FILE,
  type Manifest,
  MEDIA_DIR,
} from './manifest.js';
import { inspectSqlite, snapshotSqlite } from './sqlite.js';
import { verifyBackup } from './verify.js';

export interface BackupOptions {
  config: Config;
  /** Where to write the backup; by default DATA_DIR/backups/<UTC time>. Must not hold files. */
  outDir?: string;
}

/** What to do instead on PostgreSQL, where the database server owns backups. */
export function postgresGuidance(config: Config): string {
  return [
    'DATABASE_URL is set: the database is PostgreSQL, and npm run backup only backs up SQLite.',
    'Back up PostgreSQL with its own tools (see docs/reliability.md):',
    '  pg_dump --format=custom --file=storyloom.pgdump "$DATABASE_URL"   # a consistent logical dump',
    '  continuous WAL archiving + pg_basebackup for point-in-time recovery (PITR)',
    `and copy the media files with them: ${config.mediaDir}`,
  ].join('\n');
}

/** `2026-05-01T09-30-00.123Z`: sortable, unique per millisecond, valid on every file system. */
const stamp = (date: Date) => date.toISOString().replaceAll(':', '-');

async function assertUsableTarget(dir: string): Promise<void> {
  try {
    const entries = await readdir(dir);
    if (entries.length > 0) {
      throw new BackupError(`${dir} already holds files; choose a new or empty directory.`);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new BackupError(`${dir} is a file; choose a directory.`);
    if (code !== 'ENOENT') throw error;
  }
}

/**
 * Copies every media file not copied yet into `work/media`. Runs once before and once after
 * the database snapshot: names are never reused (each upload gets a new one), so a file the
 * snapshot refers to was either there for the first pass or is caught by the second.
 */
async function copyMedia(mediaDir: string, work: string, copied: Map<string, FileEntry>) {
  for (const file of await listFiles(mediaDir)) {
    const path = `${MEDIA_DIR}/${file}`;
    if (copied.has(path)) continue;
    const result = await copyWithHash(join(mediaDir, file), join(work, path));
    if (result) copied.set(path, { path, ...result });
  }
}

/** Media paths (`media/…`) the database refers to: covers and profile pictures, both sizes. */
function referencedMedia(dbFile: string, mediaDir: string): string[] {
  const storage = createLocalStorage(mediaDir);
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const covers = db
      .prepare('select cover_image from stories where cover_image is not null')
      .pluck()
      .all() as string[];
    const avatars = db
      .prepare('select profile_pic from users where profile_pic is not null')
      .pluck()
      .all() as string[];
    const urls = [
      ...covers.flatMap((url) => [url, coverThumbOf(url)]),
      ...avatars.flatMap((url) => [url, profilePicThumbOf(url)]),
    ];
    const keys = urls.map((url) => (url ? storage.keyOf(url) : null));
    return [...new Set(keys.filter((key): key is string => key !== null))]
      .map((key) => `${MEDIA_DIR}/${key}`)
      .sort();
  } finally {
    db.close();
  }
}

/**
 * Takes a consistent online backup of the SQLite database and the media files while the server
 * keeps serving, into a directory laid out like DATA_DIR plus a manifest.json. The backup is
 * built under a temporary name and renamed into place only once complete and verified.
 */
export async function createBackup({ config, outDir }: BackupOptions) {
  if (config.database.kind === 'postgres') throw new BackupError(postgresGuidance(config), 2);
  const source = config.database.file;
  if (!(await exists(source))) {
    throw new BackupError(`There is no database at ${source} to back up: is DATA_DIR right?`);
  }
  const started = performance.now();
  const createdAt = new Date();
  const dir = resolve(outDir ?? join(config.dataDir, 'backups', stamp(createdAt)));
  await assertUsableTarget(dir);
  const work = `${dir}.partial-${randomBytes(4).toString('hex')}`;
  // Backups hold password hashes and the token secret: owner-only.
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    const media = new Map<string, FileEntry>();
    await copyMedia(config.mediaDir, work, media);
    const dbFile = join(work, DATABASE_FILE);
    snapshotSqlite(source, dbFile);
    await fsyncPath(dbFile);
    await copyMedia(config.mediaDir, work, media);

    const report = inspectSqlite(dbFile);
    if (report.integrity !== 'ok') {
      throw new BackupError(
        `The copied database fails PRAGMA integrity_check: ${report.integrity}`,
      );
    }
    const missing = referencedMedia(dbFile, config.mediaDir).filter((path) => !media.has(path));
    const secret = await copyWithHash(
      join(config.dataDir, JWT_SECRET_FILE),
      join(work, JWT_SECRET_FILE),
    );
    if (secret) await chmod(join(work, JWT_SECRET_FILE), 0o600);
    const database = { bytes: (await stat(dbFile)).size, sha256: await sha256File(dbFile) };
    const entries = [...media.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    const manifest: Manifest = {
      format: 'storyloom-backup',
      version: 1,
      created_at: createdAt.toISOString(),
      source_data_dir: config.dataDir,
      duration_ms: 0,
      database: { path: DATABASE_FILE, ...database, kind: 'sqlite', ...report },
      media: {
        files: entries.length,
        bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
        entries,
        missing,
      },
      jwt_secret: secret ? { path: JWT_SECRET_FILE, ...secret } : null,
    };
    manifest.duration_ms = Math.round(performance.now() - started);
    const manifestFile = join(work, MANIFEST_FILE);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await fsyncPath(manifestFile);
    // Read back what landed on disk (every byte against the manifest, the integrity check)
    // before the backup gets its real name.
    await verifyBackup(work);
    if (await exists(dir)) await rmdir(dir);
    await rename(work, dir);
    await fsyncPath(dirname(dir));
    return { dir, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
