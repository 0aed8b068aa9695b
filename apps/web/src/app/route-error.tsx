import { RefreshCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '../components/page-title';
import { Button } from '../components/ui/button';

/** Shown inside the shell when a page fails to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  // A page whose code was never loaded while online cannot load with no connection.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;

  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center"
    >
      {offline ? (
        <>
          <PageTitle title="Not available offline" />
          <h1 className="text-2xl font-bold tracking-tight">Not available offline</h1>
          <p className="mt-3 text-muted-foreground">
            This page needs a connection. Stories you keep offline in your library can still be
            read.
          </p>
        </>
      ) : (
        <>
          <PageTitle title="Something went wrong" />
          <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
          <p className="mt-3 text-muted-foreground">
            This page could not be shown. Reloading usually fixes it.
          </p>
        </>
      )}
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Reload page
      </Button>
    </section>
  );
}
