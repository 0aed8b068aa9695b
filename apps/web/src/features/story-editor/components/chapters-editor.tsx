import type { Chapter } from '@storyloom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isBlankHtml } from '../model/content';
import type { ChapterDraft } from '../model/story-form';
import { ChapterList } from './chapter-list';
import { ChapterPanel } from './chapter-panel';

type ChaptersEditorProps = {
  chapters: ChapterDraft[];
  selectedKey: string;
  revision: number;
  onSelect: (key: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  onChange: (key: string, patch: Partial<Pick<ChapterDraft, 'title' | 'content'>>) => void;
  /** Edit form only. */
  onMove?: (key: string, delta: -1 | 1) => void;
  onPublish?: (key: string) => void;
  /** Edit form only: each saved chapter's History panel. */
  history?: {
    isDirty: (chapter: ChapterDraft) => boolean;
    onRestored: (chapter: Chapter) => void;
  };
  onSchedule?: (key: string, at: string | null) => void;
  disabled?: boolean;
};

/** The Chapters tab: the list beside (or, on phones, above) the selected chapter. */
export function ChaptersEditor({
  chapters,
  selectedKey,
  revision,
  onSelect,
  onAdd,
  onRemove,
  onChange,
  onMove,
  onPublish,
  history,
  onSchedule,
  disabled = false,
}: ChaptersEditorProps) {
  const index = Math.max(
    0,
    chapters.findIndex((chapter) => chapter.key === selectedKey),
  );
  const selected = chapters[index];
  const editing = Boolean(onPublish);
  const [confirming, setConfirming] = useState<ChapterDraft | null>(null);

  // Written work is only removed after a confirmation; the last chapter is refused upstream.
  const requestRemove = (key: string) => {
    const chapter = chapters.find((c) => c.key === key);
    if (chapter && chapters.length > 1 && !isBlankHtml(chapter.content)) setConfirming(chapter);
    else onRemove(key);
  };

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-3">
        <ChapterList
          chapters={chapters}
          selectedKey={selected?.key ?? ''}
          onSelect={onSelect}
          onAdd={onAdd}
          onRemove={requestRemove}
          {...(onMove ? { onMove } : {})}
          showStatus={editing}
          disabled={disabled}
        />
        {editing ? (
          <Link
            to="/recently-deleted"
            className="self-start rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
            data-testid="editor-recently-deleted"
          >
            Deleted chapters are in Recently deleted
          </Link>
        ) : null}
      </div>
      {selected ? (
        <ChapterPanel
          chapter={selected}
          position={index + 1}
          revision={revision}
          onChange={(patch) => onChange(selected.key, patch)}
          {...(onPublish ? { onPublish: () => onPublish(selected.key) } : {})}
          {...(history
            ? {
                history: {
                  dirty: history.isDirty(selected),
                  onRestored: history.onRestored,
                },
              }
            : {})}
          {...(onSchedule ? { onSchedule: (at) => onSchedule(selected.key, at) } : {})}
          disabled={disabled}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Delete “${confirming?.title.trim() || 'this chapter'}”?`}
        description={
          editing
            ? 'The chapter goes to Recently deleted when you save changes; you can restore it there, with its comments, for 30 days.'
            : 'The chapter and its text are removed from this story.'
        }
        confirmLabel="Delete Chapter"
        destructive
        onConfirm={() => {
          if (confirming) onRemove(confirming.key);
          setConfirming(null);
        }}
      />
    </div>
  );
}
