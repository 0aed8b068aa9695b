import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { offlineSupported } from '../../lib/offline-copies';
import { useAuthStore } from '../../stores/auth-store';
import {
  dropOfflineStory,
  keepOfflineStory,
  listOfflineStories,
  type OfflineStory,
} from './offline-stories';

export const offlineKeys = {
  all: ['offline-stories'] as const,
  list: (userId: string) => ['offline-stories', userId] as const,
};

/** The signed-in account, or null. */
const useAccountId = () =>
  useAuthStore((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));

/** The signed-in reader's stories kept offline on this browser (read from Cache Storage). */
export function useOfflineStories() {
  const userId = useAccountId();
  return useQuery({
    queryKey: offlineKeys.list(userId ?? ''),
    queryFn: () => listOfflineStories(userId ?? ''),
    enabled: userId !== null && offlineSupported(),
    staleTime: Number.POSITIVE_INFINITY,
    // Cache Storage needs no network.
    networkMode: 'always',
  });
}

/** Keeps a story offline (`keep: true`) or removes its copy. */
export function useKeepOffline() {
  const userId = useAccountId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ storyId, keep }: { storyId: string; keep: boolean }) => {
      if (!userId) throw new Error('Not signed in');
      if (!keep) return dropOfflineStory(userId, storyId);
      // Asks the browser not to evict the copies when space runs short (granted or not
      // silently, by its own rules).
      void navigator.storage?.persist?.().catch(() => false);
      return keepOfflineStory(userId, storyId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: offlineKeys.all }),
  });
}

export type { OfflineStory };
