import { ApiError } from '../lib/api';

/**
 * The `retry` of queries whose 4xx answers are final (not found, private, forbidden): those are
 * not retried; a network or server failure is, once.
 */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);
