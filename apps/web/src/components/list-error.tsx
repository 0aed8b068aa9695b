import { CircleAlert, RefreshCw } from 'lucide-react';
import { errorMessage } from '../lib/api';
import { Button } from './ui/button';

/** A list that could not be loaded: what went wrong and a way to try again. */
export function ListError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      data-testid="list-error"
      className="flex flex-col items-center rounded-2xl border border-destructive/30 bg-destructive/5 px-6 py-10 text-center"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
      <h2 className="mt-3 font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {errorMessage(error, 'Please try again later.')}
      </p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
