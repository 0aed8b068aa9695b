import { textOfHtml } from '@storyloom/shared';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatCountOf } from '../../../lib/format';
import { type CommentScope, CommentScopeContext } from './comment-scope';
import { CommentThread } from './comment-thread';
import { COMMENTS_TEXT } from './messages';
import type { OpenThread } from './use-comment-threads';

interface CommentsSheetProps {
  scope: CommentScope;
  /** The open thread, or null when closed. */
  thread: OpenThread | null;
  /** The chapter's name, under the title of the chapter's own thread. */
  chapterName: string;
  onClose: () => void;
}

/** The head of the drawer: what the thread is about. */
function SheetHead({ thread, chapterName }: { thread: OpenThread; chapterName: string }) {
  if (thread.paragraph === null) {
    return (
      <>
        <DialogTitle>{COMMENTS_TEXT.heading}</DialogTitle>
        <DialogDescription>{chapterName}</DialogDescription>
      </>
    );
  }
  return (
    <>
      <DialogTitle>{COMMENTS_TEXT.paragraphTitle}</DialogTitle>
      <DialogDescription asChild>
        <blockquote className="paragraph-quote" data-testid="paragraph-quote">
          {textOfHtml(thread.html).replace(/\s+/g, ' ').trim()}
        </blockquote>
      </DialogDescription>
    </>
  );
}

/**
 * A thread in a drawer from the bottom on phones, a panel at the right on wide screens: one
 * paragraph's, with the passage quoted at the top, or the chapter's own (phones open it from
 * beside the chapter navigation; it also reads after the text).
 */
export function CommentsSheet({ scope, thread, chapterName, onClose }: CommentsSheetProps) {
  return (
    <Dialog open={thread !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        side="sheet"
        data-testid={thread?.paragraph === null ? 'chapter-comments-sheet' : 'paragraph-comments'}
        // The panel itself takes focus: not the order picker, and no phone keyboard popping up.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.target instanceof HTMLElement) event.target.focus();
        }}
      >
        <div
          className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-border md:hidden"
          aria-hidden="true"
        />
        <div className="shrink-0 border-b px-5 pb-4 pt-3 pr-14 md:pt-5">
          {thread ? <SheetHead thread={thread} chapterName={chapterName} /> : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-6 pt-4">
          {thread ? (
            <CommentScopeContext value={scope}>
              <CommentThread
                key={`${scope.chapterId}:${thread.paragraph ?? 'chapter'}`}
                paragraph={thread.paragraph}
                title={(total) => (
                  <p
                    className="text-sm font-medium text-muted-foreground"
                    data-testid="sheet-comments-count"
                  >
                    {total === null ? '\u00a0' : formatCountOf(total, 'comment')}
                  </p>
                )}
              />
            </CommentScopeContext>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
