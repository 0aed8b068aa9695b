import { Navigate } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';

/** /settings/profile: the own profile with the edit modal open. */
export function EditProfilePage() {
  const username = useAuthStore((state) => state.user?.username);
  return (
    <Navigate
      to={username ? `/profile/${encodeURIComponent(username)}?edit=1` : '/settings'}
      replace
    />
  );
}
