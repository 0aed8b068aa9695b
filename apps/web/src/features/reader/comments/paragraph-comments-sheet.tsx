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

interface ParagraphCommentsSheetProps {
  scope: CommentScope;
  /** The open paragraph (from 0) and its HTML, or null when closed. */
  paragraph: { index: number; html: string } | null;
  onClose: () => void;
}

/**
 * One paragraph's thread: a panel at the right on wide screens, a drawer from the bottom on
 * phones, with the passage quoted at the top.
 */
export function ParagraphCommentsSheet({ scope, paragraph, onClose }: ParagraphCommentsSheetProps) {
  const quote = paragraph ? textOfHtml(paragraph.html).replace(/\s+/g, ' ').trim() : '';
  return (
    <Dialog open={paragraph !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        side="sheet"
        data-testid="paragraph-comments"
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
          <DialogTitle>{COMMENTS_TEXT.paragraphTitle}</DialogTitle>
          <DialogDescription asChild>
            <blockquote className="paragraph-quote" data-testid="paragraph-quote">
              {quote}
            </blockquote>
          </DialogDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-6 pt-4">
          {paragraph ? (
            <CommentScopeContext value={scope}>
              <CommentThread
                key={`${scope.chapterId}:${paragraph.index}`}
                paragraph={paragraph.index}
                title={(total) => (
                  <p
                    className="text-sm font-medium text-muted-foreground"
                    data-testid="paragraph-comments-count"
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
