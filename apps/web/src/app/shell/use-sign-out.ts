import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/auth/sign-out';
import { useAuthStore } from '../../stores/auth-store';

/**
 * Sign Out: ends the session on the server (best effort, never waited for: the browser leaves it
 * either way), clears it and any cached server data here, then goes home.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    const { accessToken, logout } = useAuthStore.getState();
    if (accessToken) void signOut(accessToken);
    logout();
    queryClient.clear();
    // flushSync commits "navigating" together with the signed-out session, so the signed-in
    // page's guard (RequireAuth) waits for this navigation instead of racing it to /auth/login.
    void navigate('/', { flushSync: true });
  };
}
