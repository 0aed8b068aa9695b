import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets: email-link tokens, OAuth codes and state, tokens. */
const SECRET_PARAM =
  /([?&])(token|code|state|access_token|refresh_token|id_token|password|secret)=[^&#]*/gi;

/** A URL as the request log may keep it: the value of every secret parameter replaced. */
export const redactUrl = (url: string): string => url.replace(SECRET_PARAM, '$1$2=[redacted]');

/**
 * Fastify's request serializer with the URL redacted: a reset or verification link, or the
 * provider's code on the Google callback, is never written to the log.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
