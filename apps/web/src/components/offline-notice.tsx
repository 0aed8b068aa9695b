import { WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { useOnline } from '../lib/use-online';

/**
 * A band under the top bar while the browser has no connection: what still works (stories kept
 * offline from the library) and that the rest waits for the connection.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="border-b bg-muted px-4 py-2 text-center text-sm text-foreground"
    >
      <WifiOff className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
      You are offline. Stories you keep offline in{' '}
      <Link to="/library" className="font-medium underline underline-offset-2">
        your library
      </Link>{' '}
      can still be read; everything else waits for the connection.
    </div>
  );
}
