import { ApiError } from '../../../../lib/api';

/** One retry for network and server failures; a 4xx (not found, private) will not change. */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status !== undefined && error.status < 500);
