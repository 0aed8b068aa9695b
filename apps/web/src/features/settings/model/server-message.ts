import { ApiError, firstFieldError } from '../../../lib/api';

/** The most specific message a failure carries: a field's message, else the envelope's. */
export function serverMessage(error: unknown, fields: string[] = []): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const field of fields) {
    const message = firstFieldError(error.details, field);
    if (message) return message;
  }
  return error.message || undefined;
}
