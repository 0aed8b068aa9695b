import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  contentTypeOf,
  isMediaKey,
  MEDIA_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  type MediaStorage,
  mediaKeyOf,
} from './storage.js';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where the bucket's files are served from (a CDN in front of it), without a trailing slash:
   * new URLs point there. Unset, URLs stay `/media/<key>` and the API sends the files itself.
   */
  publicUrl?: string;
  /** How long one call to the store may take before it counts as down (default 10 s). */
  requestTimeoutMs?: number;
}

/** A call to the store failed (unreachable, refused, timed out): the upload is a 503. */
export class MediaStoreError extends Error {
  override name = 'MediaStoreError';
}

const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;

type Sdk = typeof import('@aws-sdk/client-s3');

/** S3's "no such object" in its several spellings (AWS says NoSuchKey; some stores only 404). */
const isMissing = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Media on an S3-compatible bucket through the AWS SDK (@aws-sdk/client-s3). The SDK is
 * imported at the first call, so a server on local disk never loads it. Objects are written
 * with their content type and a year's immutable caching (names are never reused), so a CDN
 * or the bucket's own website serves them as the API would.
 */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const publicBase = options.publicUrl?.replace(/\/+$/, '');
  const prefixes = publicBase ? [`${publicBase}/`, MEDIA_URL_PREFIX] : [MEDIA_URL_PREFIX];
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  const connect = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        credentials: {
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        },
        // S3-compatible stores differ in the checksums they take: send and check them only where
        // the API requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: CONNECT_TIMEOUT_MS,
          requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
        },
      }),
    }));
    return loaded;
  };

  const checked = (key: string): string => {
    if (!isMediaKey(key)) throw new Error(`invalid media key: ${key}`);
    return key;
  };

  /** Runs one call; anything but a missing object becomes a MediaStoreError naming the call. */
  async function call<T>(what: string, run: (sdk: Sdk, client: S3Client) => Promise<T>) {
    const { sdk, client } = await connect();
    try {
      return await run(sdk, client);
    } catch (error) {
      if (isMissing(error)) throw error;
      throw new MediaStoreError(`the media store could not ${what}: ${String(error)}`, {
        cause: error,
      });
    }
  }

  return {
    kind: 's3',

    async put(key, data) {
      const Key = checked(key);
      await call('store a file', (sdk, client) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: data,
            ContentType: contentTypeOf(Key),
            ContentLength: data.length,
            CacheControl: MEDIA_CACHE_CONTROL,
          }),
        ),
      );
    },

    async remove(key) {
      const Key = checked(key);
      try {
        await call('remove a file', (sdk, client) =>
          client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key })),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async get(key) {
      const Key = checked(key);
      try {
        const object = await call('read a file', (sdk, client) =>
          client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key })),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? contentTypeOf(Key),
          ...(object.ContentLength !== undefined ? { contentLength: object.ContentLength } : {}),
          ...(object.ETag ? { etag: object.ETag } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    publicUrl: (key) => `${publicBase ? `${publicBase}/` : MEDIA_URL_PREFIX}${key}`,

    keyOf: (url) => mediaKeyOf(url, prefixes),

    close() {
      loaded?.then(({ client }) => client.destroy()).catch(() => {});
    },
  };
}
