import { Loader2 } from 'lucide-react';
import { Button } from './ui/button';

type LoadMoreProps = {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
};

/** The end of a paged list: how much is shown, and a button for the next page while there is one. */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  // Everything is on screen: nothing to say.
  if (!hasMore && shown >= total) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-3" data-testid="load-more">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {Math.min(shown, total)} of {total}
      </p>
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
          {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
