import type { Chapter } from '@storyloom/shared';
import { clsx } from 'clsx';
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { CHAPTER_PARAM } from '../chapter-position';
import { chapterTitle } from '../chapter-title';
import { READER_MESSAGES } from '../messages';

interface ChaptersDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chapters: Chapter[];
  currentIndex: number;
  storyTitle: string;
}

/** A side sheet listing every chapter; the open one is marked. Loaded on first opening. */
export function ChaptersDrawer({
  open,
  onOpenChange,
  chapters,
  currentIndex,
  storyTitle,
}: ChaptersDrawerProps) {
  // After a pick, focus goes to the new chapter's heading, not back to the drawer's button.
  const picked = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="left"
        className="flex flex-col"
        data-testid="chapters-drawer"
        onOpenAutoFocus={() => {
          picked.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (picked.current) event.preventDefault();
        }}
      >
        <DialogTitle className="pr-10">{READER_MESSAGES.chapters}</DialogTitle>
        <DialogDescription className="truncate pr-10">{storyTitle}</DialogDescription>
        <nav aria-label={READER_MESSAGES.chapters} className="-mx-2 mt-4 flex-1">
          <ol className="space-y-1">
            {chapters.map((chapter, index) => {
              const current = index === currentIndex;
              return (
                <li key={chapter.id}>
                  <Link
                    to={{ search: `?${CHAPTER_PARAM}=${index + 1}` }}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => {
                      picked.current = true;
                      onOpenChange(false);
                    }}
                    className={clsx(
                      'flex items-baseline gap-3 rounded-lg px-3 py-2.5 text-sm transition-colors',
                      current
                        ? 'bg-primary/10 font-semibold text-primary'
                        : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                    )}
                  >
                    <span className="w-6 shrink-0 text-right tabular-nums text-muted-foreground">
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1 break-words">
                      {chapterTitle(chapter, index)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
