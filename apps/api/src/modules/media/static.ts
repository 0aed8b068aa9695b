import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@storyloom/shared';
import type { FastifyPluginAsync } from 'fastify';

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
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({
      success: false,
      message: MESSAGES.notFound,
      error: { code: 'not_found' },
    }),
  );
};
