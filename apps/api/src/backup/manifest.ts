import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'storyloom.db';
export const MEDIA_DIR = 'media';
export const JWT_SECRET_FILE = 'jwt-secret';

/** A problem with a backup or restore, reported as one message; nothing was changed. */
export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    /** Process exit code for the command-line scripts. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A relative path of plain segments: a manifest can never point outside the backup. */
const SAFE_PATH = /^(?!\.{1,2}(\/|$))[\w.-]+(\/(?!\.{1,2}(\/|$))[\w.-]+)*$/;

const fileEntry = z.object({
  path: z.string().regex(SAFE_PATH, 'must be a relative path inside the backup'),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** manifest.json: what a backup holds, enough to verify every byte before a restore. */
export const manifestSchema = z.object({
  format: z.literal('storyloom-backup'),
  version: z.literal(1),
  created_at: z.string(),
  source_data_dir: z.string(),
  duration_ms: z.number().nonnegative(),
  database: fileEntry.extend({
    path: z.literal(DATABASE_FILE),
    kind: z.literal('sqlite'),
    integrity: z.string(),
    migrations: z.array(z.string()),
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  media: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    entries: z.array(
      fileEntry.refine((entry) => entry.path.startsWith(`${MEDIA_DIR}/`), 'must be under media/'),
    ),
    /** Files the database refers to that were gone from DATA_DIR/media already. */
    missing: z.array(z.string()),
  }),
  jwt_secret: fileEntry.extend({ path: z.literal(JWT_SECRET_FILE) }).nullable(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Reads and checks a backup directory's manifest; a clear BackupError for anything else. */
export async function readManifest(dir: string): Promise<Manifest> {
  let raw: string;
  try {
    raw = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new BackupError(`${dir} is not a Storyloom backup: it has no ${MANIFEST_FILE}.`);
    }
    if (code === 'ENOTDIR') throw new BackupError(`${dir} is not a directory.`);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `${join(dir, MANIFEST_FILE)} is not a Storyloom backup manifest (${issue.path.join('.') || 'root'}: ${issue.message}).`,
    );
  }
  return parsed.data;
}
