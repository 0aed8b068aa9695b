import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict-Transport-Security (helmet's value: a year, subdomains included), on HTTPS answers
 * only: over plain HTTP it means nothing to a browser and anyone on the path could have set it
 * (RFC 6797, section 7.2). Behind a TLS-terminating proxy, TRUST_PROXY makes
 * X-Forwarded-Proto say which it was.
 */
export const HSTS = {
  name: 'strict-transport-security',
  value: 'max-age=31536000; includeSubDomains',
};

/**
 * Fastify's `request.protocol === 'https'` for a request Fastify has not seen yet (the visitors'
 * cache answers hits in front of it): the last X-Forwarded-Proto when the proxy is trusted,
 * else whether the connection itself is TLS.
 */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  }
  return (req.socket as TLSSocket).encrypted === true;
}

/**
 * Security headers. The SPA runs with no inline scripts; styles allow inline attributes
 * because UI primitives position popovers with style attributes.
 */
export const security = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Set below, on HTTPS answers only.
    strictTransportSecurity: false,
    // The docs page sets its own CSP with hashes for its inline bootstrap.
    global: true,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header(HSTS.name, HSTS.value);
  });
});
