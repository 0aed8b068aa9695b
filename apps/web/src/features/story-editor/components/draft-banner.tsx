import { History } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatRelativeTime } from '../../../lib/format';

/** Offers unsaved work found in browser storage: Restore or Discard. */
export function DraftBanner({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section
      aria-label="Unsaved draft"
      data-testid="draft-banner"
      className="flex flex-col gap-3 rounded-xl border border-info/40 bg-info/10 p-4 sm:flex-row sm:items-center"
    >
      <History className="hidden size-5 shrink-0 text-info sm:block" aria-hidden="true" />
      <p className="flex-1 text-sm">
        <span className="font-medium">
          You have unsaved changes from {formatRelativeTime(savedAt)}.
        </span>{' '}
        <span className="text-muted-foreground">
          Restore them to pick up where you left off, or discard them.
        </span>
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}
