import { type ErrorCode, type ErrorEnvelope, MESSAGES } from '@storyloom/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorDetails } from './errors.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'unsupported_media_type',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/** Framework errors whose message is safe and useful to show as it is. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.payloadTooLarge,
  FST_REQ_FILE_TOO_LARGE: MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_INVALID_MULTIPART_CONTENT_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_BAD_URL: MESSAGES.invalidUrl,
};

/**
 * Busboy's errors for a multipart body it cannot parse (truncated, wrong or missing boundary).
 * They carry no code or status, so they are known by their messages.
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|Boundary required|The needle .+|.+ terminated early due to unexpected end of multipart data)$/;

/** Database failures that mean "not reachable right now" rather than a bug. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  'SQLITE_BUSY',
]);

function body(code: ErrorCode, message: string, details?: ErrorDetails): ErrorEnvelope {
  return { success: false, message, error: details ? { code, details } : { code } };
}

/** Field path of a validation issue: `/tags/0` -> `tags`; whole-body issues fall under `body`. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const first = instancePath.split('/').filter(Boolean)[0];
  return first ?? context ?? 'body';
}

function isUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof err?.code === 'string' && UNAVAILABLE_CODES.has(err.code)) return true;
  if (
    typeof err?.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(
      err.message,
    )
  )
    return true;
  return err?.cause ? isUnavailable(err.cause) : false;
}

/** Maps every error to the one envelope shape; anything unknown becomes a logged, generic 500. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = fieldOf(issue.instancePath, error.validationContext);
      details[field] ??= issue.message ?? MESSAGES.invalidInput;
    }
    return reply.status(400).send(body('invalid_input', MESSAGES.invalidInput, details));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // Longer than any id or username: it names nothing.
    return reply.status(404).send(body('not_found', MESSAGES.notFound));
  }
  if (!error.statusCode && MALFORMED_MULTIPART.test(error.message ?? '')) {
    return reply.status(400).send(body('invalid_input', MESSAGES.invalidMultipart));
  }
  if (isUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return reply.status(503).send(body('service_unavailable', MESSAGES.serviceUnavailable));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'invalid_json'
        : (STATUS_CODES[status] ?? 'invalid_input');
    const message = FRAMEWORK_MESSAGES[error.code] ?? error.message ?? MESSAGES.invalidInput;
    return reply.status(status === 406 ? 415 : status).send(body(code, message));
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return reply.status(500).send(body('internal', MESSAGES.internal));
}
