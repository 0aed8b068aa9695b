import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { isMediaKey, MEDIA_CACHE_CONTROL, type MediaStorage } from './storage.js';

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({
    success: false,
    message: MESSAGES.notFound,
    error: { code: 'not_found' },
  });

/**
 * Serves DATA_DIR/media under /media/ (register with prefix '/media'). File names are random
 * per upload, so they are cached for a year; a missing file is a 404 envelope, not the SPA.
 */
export const mediaFiles: FastifyPluginAsync<{ root: string }> = async (app, opts) => {
  mkdirSync(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: '365d',
    immutable: true,
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
};

/**
 * Serves the files of an object store under /media/ (register with prefix '/media'), read
 * through the API: every process behind a load balancer serves every file, whichever process
 * stored it, and `/media/` URLs kept from before S3_PUBLIC_URL was set go on working. Cached
 * like local files (a year, immutable); a store that cannot be reached is a 503 envelope.
 */
export const mediaObjects: FastifyPluginAsync<{ storage: MediaStorage }> = async (app, opts) => {
  const { storage } = opts;
  app.addHook('onClose', async () => storage.close?.());
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isMediaKey(key)) return notFound(reply);
    let file: Awaited<ReturnType<MediaStorage['get']>>;
    try {
      file = await storage.get(key);
    } catch (error) {
      request.log.warn({ err: error, key }, 'could not read a media file');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          success: false,
          message: MESSAGES.serviceUnavailable,
          error: { code: 'service_unavailable' },
        });
    }
    if (!file) return notFound(reply);
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply
        .status(304)
        .header('etag', file.etag)
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .send();
    }
    reply
      .type(file.contentType)
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    if (file.etag) reply.header('etag', file.etag);
    return reply.send(file.body);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
};

/** The media routes for `storage`: files from disk, or objects read from the bucket. */
export async function registerMedia(
  app: FastifyInstance,
  storage: MediaStorage,
  mediaDir: string,
): Promise<void> {
  if (storage.kind === 'local') {
    await app.register(mediaFiles, { root: mediaDir, prefix: '/media' });
  } else {
    await app.register(mediaObjects, { storage, prefix: '/media' });
  }
}
