import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
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
      {selected ? (
        <ChapterPanel
          chapter={selected}
          position={index + 1}
          revision={revision}
          onChange={(patch) => onChange(selected.key, patch)}
          {...(onPublish ? { onPublish: () => onPublish(selected.key) } : {})}
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
            ? 'The chapter and its text are removed when you save changes.'
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
