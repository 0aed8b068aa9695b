import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../modules/media/s3-storage.js';
import { freePort } from './ports.js';

/** s3rver's fixed credentials: it checks signatures made with them. */
const KEY = 'S3RVER';
const BUCKET = 'storyloom-media';

/**
 * A real S3-compatible server (s3rver, in this process) on a free loopback port, for tests of
 * the object store: its bucket is kept in a temporary directory. `stop()` takes it down (the
 * store is unreachable: connections are refused) and `start()` brings it back on the same port
 * with the same objects.
 */
export interface TestS3 {
  /** The storage options for createS3Storage. */
  options: S3StorageOptions;
  /** The S3_* variables for loadConfig / createTestApp. */
  env: Record<string, string>;
  /** The keys of the objects in the bucket, sorted. */
  keys(): string[];
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'storyloom-s3-'));
  let server: S3rver | null = null;
  const start = async () => {
    if (server) return;
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await next.run();
    server = next;
  };
  const stop = async () => {
    const running = server;
    server = null;
    await running?.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = join(directory, BUCKET);
  return {
    options: {
      endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: KEY,
      secretAccessKey: KEY,
      requestTimeoutMs: 5_000,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    // s3rver keeps each object as `<key>._S3rver_object` beside its metadata files.
    keys: () =>
      existsSync(bucketDir)
        ? readdirSync(bucketDir, { recursive: true })
            .map(String)
            .filter((file) => file.endsWith('._S3rver_object'))
            .map((file) => file.slice(0, -'._S3rver_object'.length).split('\\').join('/'))
            .sort()
        : [],
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
