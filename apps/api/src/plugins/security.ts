import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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

const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The service worker (/sw.js) and the web app manifest: said outright, though both would
      // fall back to default-src (docs/decisions/035).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
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
};

/**
 * The headers helmet sets with `options`, read once: helmet's headers depend on its options
 * alone (no nonces here), so every answer can take the same ones. Building them per request,
 * as @fastify/helmet does (it calls `helmet(options)` and parses the CSP on every request), was
 * a fifteenth of what an API read cost.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, () => {});
  return headers;
}

export interface SecurityOptions {
  /** Other origins images come from: the CDN in front of the media bucket (S3_PUBLIC_URL). */
  imageOrigins?: string[];
}

/** `options` with `origins` added to the CSP's img-src. */
function withImageSources(options: HelmetOptions, origins: string[]): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (origins.length === 0 || typeof csp !== 'object' || !csp.directives) return options;
  const imgSrc = csp.directives.imgSrc as string[];
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, imgSrc: [...imgSrc, ...origins] },
    },
  };
}

/**
 * Security headers, on every answer. The SPA runs with no inline scripts; styles allow inline
 * attributes because UI primitives position popovers with style attributes. The API docs page
 * sets its own CSP, with hashes for its inline bootstrap (@fastify/swagger-ui's staticCSP),
 * over this one.
 */
export const security = fp(async (app: FastifyInstance, opts: SecurityOptions = {}) => {
  const headers = helmetHeaders(withImageSources(HELMET, opts.imageOrigins ?? []));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header(HSTS.name, HSTS.value);
    done();
  });
});
