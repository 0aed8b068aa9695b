import { MODERATION_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, CalendarClock, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { formatWordCount, wordCountOfHtml } from '../model/content';
import type { ChapterDraft } from '../model/story-form';

type ChapterListProps = {
  chapters: ChapterDraft[];
  selectedKey: string;
  onSelect: (key: string) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
  /** Edit form only: move up (-1) / down (+1). */
  onMove?: (key: string, delta: -1 | 1) => void;
  /** Edit form only: Published / Draft badges. */
  showStatus?: boolean;
  disabled?: boolean;
};

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4';

const chapterName = (chapter: ChapterDraft, index: number) =>
  chapter.title.trim() || `Chapter ${index + 1}`;

export function ChapterList({
  chapters,
  selectedKey,
  onSelect,
  onAdd,
  onRemove,
  onMove,
  showStatus = false,
  disabled = false,
}: ChapterListProps) {
  return (
    <section aria-labelledby="chapter-list-heading" className="rounded-2xl border bg-card p-3">
      <div className="flex items-center justify-between gap-2 px-1 pb-2">
        <h2 id="chapter-list-heading" className="text-sm font-semibold">
          Chapters <span className="font-normal text-muted-foreground">({chapters.length})</span>
        </h2>
        <Button
          size="sm"
          variant="outline"
          onClick={onAdd}
          disabled={disabled}
          data-testid="add-chapter"
        >
          <Plus aria-hidden="true" />
          Add Chapter
        </Button>
      </div>
      <ol className="space-y-1" data-testid="chapter-list">
        {chapters.map((chapter, index) => {
          const name = chapterName(chapter, index);
          const selected = chapter.key === selectedKey;
          return (
            <li
              key={chapter.key}
              data-testid="chapter-item"
              data-selected={selected || undefined}
              className={clsx(
                'group flex items-center gap-0.5 rounded-xl border border-transparent pr-1 transition-colors',
                selected ? 'border-primary/40 bg-primary/10' : 'hover:bg-accent/60',
              )}
            >
              <button
                type="button"
                onClick={() => onSelect(chapter.key)}
                aria-current={selected ? 'true' : undefined}
                className="flex min-w-0 flex-1 items-start gap-3 rounded-xl px-2.5 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
              >
                <span
                  className={clsx(
                    'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums',
                    selected
                      ? 'bg-primary text-primary-foreground'
                      : 'bg-muted text-muted-foreground',
                  )}
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span
                    className="block truncate text-sm font-medium"
                    data-testid="chapter-item-title"
                  >
                    {name}
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    {formatWordCount(wordCountOfHtml(chapter.content))}
                    {showStatus ? (
                      chapter.hidden ? (
                        <span
                          className="rounded-full bg-destructive/10 px-2 py-0.5 font-medium text-destructive"
                          title={chapter.hidden.reason ?? undefined}
                          data-testid="chapter-hidden"
                        >
                          {MODERATION_MESSAGES.hiddenByModerators}
                          {chapter.hidden.reason ? `: ${chapter.hidden.reason}` : ''}
                        </span>
                      ) : chapter.published ? (
                        <span className="rounded-full bg-success/15 px-2 py-0.5 font-medium text-success">
                          Published
                        </span>
                      ) : chapter.publishAt ? (
                        <span
                          className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 font-medium text-primary"
                          data-testid="chapter-scheduled"
                        >
                          <CalendarClock className="size-3" aria-hidden="true" />
                          Scheduled for {formatDateTime(chapter.publishAt)}
                        </span>
                      ) : (
                        <span className="rounded-full bg-muted px-2 py-0.5 font-medium">Draft</span>
                      )
                    ) : null}
                  </span>
                </span>
              </button>
              {onMove ? (
                <>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-accent-foreground`}
                    onClick={() => onMove(chapter.key, -1)}
                    disabled={disabled || index === 0}
                    aria-label={`Move ${name} up`}
                    title="Move up"
                  >
                    <ArrowUp aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} hover:text-accent-foreground`}
                    onClick={() => onMove(chapter.key, 1)}
                    disabled={disabled || index === chapters.length - 1}
                    aria-label={`Move ${name} down`}
                    title="Move down"
                  >
                    <ArrowDown aria-hidden="true" />
                  </button>
                </>
              ) : null}
              <button
                type="button"
                className={`${iconButton} hover:text-destructive`}
                onClick={() => onRemove(chapter.key)}
                disabled={disabled}
                aria-label={`Delete ${name}`}
                title="Delete chapter"
              >
                <Trash2 aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
