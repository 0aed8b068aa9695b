import { ApiError, apiUrl, type Query } from '../../lib/api';
import { readOfflineCopy } from '../../lib/offline-copies';
import { useAuthStore } from '../../stores/auth-store';

/** The request never got an answer: no connection (or no answer in time). */
export const isNetworkFailure = (error: unknown) =>
  error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout');

/**
 * `load()`, or, when it fails for want of a network, the signed-in reader's offline copy of
 * `path` (a story kept offline from the library). Any answer from the server, an error
 * included (a story gone private, deleted), is the server's: the copy is for no connection only.
 */
export async function withOfflineCopy<T>(
  path: string,
  query: Query | undefined,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { isAuthenticated, user } = useAuthStore.getState();
    if (!isNetworkFailure(error) || !isAuthenticated || !user) throw error;
    const copy = await readOfflineCopy<T>(user.id, apiUrl(path, query)).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy;
  }
}
