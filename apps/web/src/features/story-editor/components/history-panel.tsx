import { STORY_MESSAGES } from '@storyloom/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  getRevision,
  getRevisions,
  restoreRevision,
  revisionKeys,
} from '../../../api/chapters/revisions';
import { storyKeys } from '../../../api/stories/keys';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../stores/toast';
import { EDITOR_MESSAGES } from '../messages';
import { formatWordCount } from '../model/content';
import { failureMessage } from '../model/errors';
import { compareRevision, type DiffRun } from '../model/revision-diff';
import type { ChapterHistoryProps } from './history-button';

/** "Nov 26, 2026, 2:05 PM" in the writer's own time zone (the browser's). */
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Runs({ runs, kind }: { runs: DiffRun[]; kind: 'removed' | 'added' }) {
  return (
    <p className="whitespace-pre-wrap break-words font-serif text-[0.95rem] leading-relaxed">
      {runs.map((run, index) =>
        !run.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs never reorder
          <span key={index}>{run.text}</span>
        ) : kind === 'removed' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs never reorder
          <del key={index} className="diff-removed" data-testid="diff-removed">
            {run.text}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs never reorder
          <ins key={index} className="diff-added" data-testid="diff-added">
            {run.text}
          </ins>
        ),
      )}
    </p>
  );
}

function Comparison({
  chapterId,
  revisionId,
  currentTitle,
  currentContent,
  dirty,
  onRestore,
}: {
  chapterId: string;
  revisionId: string;
  currentTitle: string;
  currentContent: string;
  dirty: boolean;
  onRestore: () => void;
}) {
  const revision = useQuery({
    queryKey: revisionKeys.one(chapterId, revisionId),
    queryFn: ({ signal }) => getRevision(chapterId, revisionId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const comparison = useMemo(
    () => (revision.data ? compareRevision(revision.data.content, currentContent) : null),
    [revision.data, currentContent],
  );
  if (revision.isError)
    return <p className="text-sm text-destructive">{EDITOR_MESSAGES.historyLoadFailed}</p>;
  if (!revision.data || !comparison)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading revision…</span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  const saved = timeFormat.format(new Date(revision.data.created_at));
  return (
    <div className="space-y-4" data-testid="revision-comparison">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground">
            {formatWordCount(comparison.added)} added
          </span>
          {' · '}
          <span className="font-medium text-foreground">
            {formatWordCount(comparison.removed)} removed
          </span>{' '}
          since this revision
        </p>
        <Button size="sm" onClick={onRestore} disabled={dirty} data-testid="restore-revision">
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      </div>
      {dirty ? (
        <p className="rounded-lg bg-warning/15 px-3 py-2 text-sm text-foreground">
          {EDITOR_MESSAGES.restoreNeedsSave}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section
          aria-label={`Revision of ${saved}`}
          className="min-w-0 rounded-xl border bg-card p-4"
          data-testid="revision-text"
        >
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Revision · {saved}
          </h3>
          <p className="mb-3 mt-1 font-semibold">{revision.data.title}</p>
          <Runs runs={comparison.before} kind="removed" />
        </section>
        <section
          aria-label="Current text"
          className="min-w-0 rounded-xl border bg-card p-4"
          data-testid="current-text"
        >
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Current text
          </h3>
          <p className="mb-3 mt-1 font-semibold">{currentTitle}</p>
          <Runs runs={comparison.after} kind="added" />
        </section>
      </div>
    </div>
  );
}

/** The History panel's body: the chapter's saves, and the one picked beside the current text. */
export default function HistoryPanel({
  chapterId,
  currentTitle,
  currentContent,
  dirty,
  onRestored,
}: ChapterHistoryProps) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const list = useQuery({
    queryKey: revisionKeys.page(chapterId, page),
    queryFn: ({ signal }) => getRevisions(chapterId, page, signal),
    staleTime: 0,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  const restore = async () => {
    if (!selected) return;
    setRestoring(true);
    try {
      const chapter = await restoreRevision(chapterId, selected);
      onRestored(chapter);
      setSelected(null);
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: revisionKeys.all(chapterId) });
      void queryClient.invalidateQueries({ queryKey: storyKeys.all });
      toast.success(STORY_MESSAGES.revisionRestored, EDITOR_MESSAGES.restoreDescription);
    } catch (error) {
      toast.error(
        EDITOR_MESSAGES.errorTitle,
        failureMessage(error, EDITOR_MESSAGES.revisionRestoreFailed),
      );
    } finally {
      setRestoring(false);
      setConfirming(false);
    }
  };

  return (
    <div className="grid min-h-0 flex-1 grid-cols-1 overflow-hidden md:grid-cols-[17rem_minmax(0,1fr)]">
      <nav
        aria-label="Revisions"
        className={clsx(
          'min-h-0 overflow-y-auto border-b p-3 md:border-b-0 md:border-r',
          selected && 'hidden md:block',
        )}
      >
        {list.isError ? (
          <p className="p-2 text-sm text-destructive">{EDITOR_MESSAGES.historyLoadFailed}</p>
        ) : !list.data ? (
          <div className="space-y-2" aria-busy="true">
            <span className="sr-only">Loading history…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">No saves yet.</p>
        ) : (
          <ol className="space-y-1" data-testid="revision-list">
            {list.data.items.map((item, index) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => setSelected(item.id)}
                  aria-current={item.id === selected ? 'true' : undefined}
                  className={clsx(
                    'w-full rounded-lg px-3 py-2 text-left transition-colors hover:bg-accent focus-visible:bg-accent',
                    item.id === selected && 'bg-accent',
                  )}
                  data-testid="revision-item"
                >
                  <span className="block text-sm font-medium">
                    {timeFormat.format(new Date(item.created_at))}
                    {page === 1 && index === 0 ? (
                      <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs font-normal text-secondary-foreground">
                        Latest
                      </span>
                    ) : null}
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {formatWordCount(item.word_count)} · {item.title}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <div className="mt-2 flex items-center justify-between gap-2 px-1 text-xs text-muted-foreground">
            <Button
              variant="ghost"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Newer
            </Button>
            <span>
              {page} of {pages}
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </div>
        ) : null}
      </nav>
      <div className={clsx('min-h-0 overflow-y-auto p-4 sm:p-5', !selected && 'hidden md:block')}>
        {selected ? (
          <>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2 mb-3 md:hidden"
              onClick={() => setSelected(null)}
            >
              <ArrowLeft aria-hidden="true" />
              All revisions
            </Button>
            <Comparison
              chapterId={chapterId}
              revisionId={selected}
              currentTitle={currentTitle}
              currentContent={currentContent}
              dirty={dirty}
              onRestore={() => setConfirming(true)}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Pick a save to see the words added and removed since.
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title="Restore this revision?"
        description="The chapter's title and text become this revision's, saved at once. The current text stays in History."
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        pending={restoring}
        onConfirm={() => void restore()}
      />
    </div>
  );
}
