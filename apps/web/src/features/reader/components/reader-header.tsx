import { ArrowLeft, Flag, ListOrdered, Settings2 } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { chapterOf, READER_MESSAGES } from '../messages';

interface ReaderHeaderProps {
  storyId: string;
  storyTitle: string;
  position: number;
  total: number;
  onOpenChapters: () => void;
  onOpenSettings: () => void;
  /** Signed-in readers other than the author: report this chapter. */
  onReport?: (() => void) | undefined;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Back to the story, its title, 'Chapter n of total', the chapters drawer and settings. On a
 * narrow screen it is pinned under the top bar and hides with it while reading (reader.css).
 */
export function ReaderHeader({
  storyId,
  storyTitle,
  position,
  total,
  onOpenChapters,
  onOpenSettings,
  onReport,
  ref,
}: ReaderHeaderProps) {
  return (
    <div ref={ref} className="reader-header border-b bg-background" data-testid="reader-header">
      <div className="mx-auto flex max-w-3xl items-center gap-1 px-2 py-2 sm:gap-2 sm:px-4">
        <Link
          to={`/stories/${encodeURIComponent(storyId)}`}
          className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          aria-label={READER_MESSAGES.backToStory}
          data-testid="reader-back"
        >
          <ArrowLeft aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1 px-1">
          <p
            className="truncate text-sm font-semibold sm:text-base"
            data-testid="reader-story-title"
          >
            {storyTitle}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="chapter-indicator">
            {chapterOf(position, total)}
          </p>
        </div>
        <Button variant="ghost" onClick={onOpenChapters} data-testid="open-chapters">
          <ListOrdered aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{READER_MESSAGES.chapters}</span>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          onClick={onOpenSettings}
          aria-label="Reading settings"
          data-testid="open-settings"
        >
          <Settings2 aria-hidden="true" />
        </Button>
        {onReport ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onReport}
            aria-label="Report this chapter"
            title="Report this chapter"
            data-testid="report-chapter"
          >
            <Flag aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
