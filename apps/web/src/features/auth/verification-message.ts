import { AUTH_MESSAGES } from '@storyloom/shared';
import { ApiError } from '../../lib/api';
import { AUTH_SCREEN_TEXT } from './messages';

/** Why verification failed: the server's detail, else the generic text. */
export function verificationFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === undefined) return AUTH_SCREEN_TEXT.verificationNetworkError;
    return error.message || AUTH_MESSAGES.verificationFailed;
  }
  return AUTH_SCREEN_TEXT.verificationNetworkError;
}
