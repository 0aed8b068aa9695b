import { Navigate, Outlet, useNavigation } from 'react-router';
import { useAuthStore } from '../stores/auth-store';
import { LOGIN_PATH } from './guards';

/**
 * Layout for signed-in routes. The loader guards entry; this covers a session that ends while
 * the page is open. During a navigation (e.g. Sign Out going to /) it renders nothing rather
 * than racing that navigation with a redirect.
 */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const navigation = useNavigation();
  if (isAuthenticated) return <Outlet />;
  return navigation.state === 'idle' ? <Navigate to={LOGIN_PATH} replace /> : null;
}
