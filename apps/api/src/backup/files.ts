import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** One file of a backup: its path inside the backup (forward slashes), size and SHA-256. */
export interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Flushes a file or directory to disk, so a finished backup survives a power cut. */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies one file, hashing the bytes as they stream, and syncs the copy. Returns null when the
 * source vanished before it could be read (a media file replaced while the backup ran).
 */
export async function copyWithHash(
  source: string,
  target: string,
): Promise<{ bytes: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let handle: FileHandle;
  await mkdir(dirname(target), { recursive: true });
  try {
    handle = await open(source, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // Once open, the bytes stay readable even if the server removes the file meanwhile.
  await pipeline(handle.createReadStream(), tap, createWriteStream(target, { flags: 'wx' }));
  await fsyncPath(target);
  return { bytes, sha256: hash.digest('hex') };
}

export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Every regular file under `root`, as paths relative to it with forward slashes, sorted.
 * Half-written uploads (`*.tmp`, renamed into place when complete) are left out.
 */
export async function listFiles(root: string): Promise<string[]> {
  if (!(await exists(root))) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}
