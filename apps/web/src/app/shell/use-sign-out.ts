import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';

/** Sign Out: clears the session and any cached server data, then goes home. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    useAuthStore.getState().logout();
    queryClient.clear();
    // flushSync commits "navigating" together with the signed-out session, so the signed-in
    // page's guard (RequireAuth) waits for this navigation instead of racing it to /auth/login.
    void navigate('/', { flushSync: true });
  };
}
