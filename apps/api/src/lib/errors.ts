import { type ErrorCode, MESSAGES } from '@storyloom/shared';

export type ErrorDetails = Record<string, string | string[]>;

/** An error the client is meant to see: status, code, message and optional field details. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.invalidInput, details?: ErrorDetails) =>
  new AppError(400, 'invalid_input', message, details);

/** One field is wrong: a 400 whose details carry the field's message. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, 'invalid_input', message, { [field]: message });

export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new AppError(401, 'unauthorized', message);

export const forbidden = (message: string = MESSAGES.forbidden) =>
  new AppError(403, 'forbidden', message);

export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError(404, 'not_found', message);

export const conflict = (field: string, message: string) =>
  new AppError(409, 'conflict', message, { [field]: message });

export const payloadTooLarge = (message: string = MESSAGES.payloadTooLarge) =>
  new AppError(413, 'payload_too_large', message);

export const unsupportedMediaType = (message: string = MESSAGES.unsupportedMediaType) =>
  new AppError(415, 'unsupported_media_type', message);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', MESSAGES.tooManyRequests, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export const serviceUnavailable = (message: string = MESSAGES.serviceUnavailable) =>
  new AppError(503, 'service_unavailable', message, undefined, {
    'retry-after': '5',
  });
