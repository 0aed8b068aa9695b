import { MESSAGES } from '@storyloom/shared';
import { ApiError, firstFieldError } from '../../../lib/api';

/**
 * What a failed create or save tells the author: the server's message (for invalid
 * input, the first field's message), else 'Server error: {status}', else `fallback` (no answer
 * at all, e.g. offline).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === undefined) return fallback;
  const details = error.details;
  const field = details ? Object.keys(details)[0] : undefined;
  const fieldMessage = field ? firstFieldError(details, field) : undefined;
  if (fieldMessage) return fieldMessage;
  const generic = [MESSAGES.apiError, MESSAGES.httpError(error.status)] as string[];
  if (error.message && !generic.includes(error.message)) return error.message;
  return `Server error: ${error.status}`;
}
