import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../../stores/auth-store';
import { clearDraft } from '../model/settings-draft';

/**
 * After the server has ended this browser's session (this device signed out, every device
 * signed out, the account deleted): forget it here too, with its cached data and any unsaved
 * settings, and go to `to`.
 */
export function useLeaveSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (to: string) => {
    useAuthStore.getState().logout();
    queryClient.clear();
    clearDraft();
    // flushSync: the signed-in page's guard waits for this navigation instead of racing it.
    void navigate(to, { flushSync: true });
  };
}
