import type { Chapter } from '@storyloom/shared';
import { History } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';

/** The panel and the diff library load only when the author opens the history. */
const HistoryPanel = lazy(() => import('./history-panel'));

export type ChapterHistoryProps = {
  chapterId: string;
  /** The chapter as the editor shows it now. */
  currentTitle: string;
  currentContent: string;
  /** The chapter has unsaved edits: restoring would replace them, so it waits for a save. */
  dirty: boolean;
  onRestored: (chapter: Chapter) => void;
};

/** "History": every save of the chapter, compared with the current text, and restore. */
export function HistoryButton(props: ChapterHistoryProps & { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const { disabled, ...panel } = props;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="chapter-history"
      >
        <History aria-hidden="true" />
        History
      </Button>
      <DialogContent
        side="sheet"
        className="md:w-[min(64rem,96vw)]"
        closeLabel="Close history"
        data-testid="history-panel"
      >
        <div
          className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-border md:hidden"
          aria-hidden="true"
        />
        <div className="shrink-0 border-b px-5 pb-4 pt-3 pr-14 md:pt-5">
          <DialogTitle>History</DialogTitle>
          <DialogDescription>
            Every save of this chapter. Pick one to compare it with the current text.
          </DialogDescription>
        </div>
        <Suspense
          fallback={
            <div className="space-y-3 p-5" aria-busy="true">
              <span className="sr-only">Loading history…</span>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          }
        >
          {open ? <HistoryPanel {...panel} /> : null}
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
