import { clearOfflineCopies, offlineCacheName, offlineSupported } from '../lib/offline-copies';
import { useAuthStore } from '../stores/auth-store';
import { queryClient } from './query-client';

/**
 * Brings the signed-in reader's offline copies up to date (api/offline/offline-stories.ts,
 * loaded only when there are some), and deletes any other account's left on this browser.
 */
async function refreshCopies() {
  if (!offlineSupported()) return;
  const { isAuthenticated, user } = useAuthStore.getState();
  // Signed in, but the account not known yet (its first fetch failed): nothing to decide.
  if (isAuthenticated && !user) return;
  const userId = user && isAuthenticated ? user.id : null;
  await clearOfflineCopies(userId);
  if (!userId || !navigator.onLine || !(await caches.has(offlineCacheName(userId)))) return;
  const { refreshOfflineStories } = await import('../api/offline/offline-stories');
  await refreshOfflineStories(userId);
  await queryClient.invalidateQueries({ queryKey: ['offline-stories'] });
}

/**
 * Once the page has loaded (never competing with its first paint): registers the service
 * worker (sw/sw.js: the app shell, so the app opens offline), and refreshes the offline copies
 * now and whenever the connection comes back.
 */
export function startOffline() {
  const run = () => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      navigator.serviceWorker.register('/sw.js').catch(() => {});
    }
    const refresh = () => void refreshCopies().catch(() => {});
    refresh();
    window.addEventListener('online', refresh);
  };
  if (document.readyState === 'complete') setTimeout(run);
  else window.addEventListener('load', () => setTimeout(run), { once: true });
}
