import type { Envelope } from '@storyloom/shared';

/** Wraps a payload in the success envelope. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}
