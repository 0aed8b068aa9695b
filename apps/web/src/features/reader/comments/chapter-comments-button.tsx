import { MessageCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../../../lib/format';
import { COMMENTS_TEXT, chapterCommentsLabel } from './messages';

interface ChapterCommentsButtonProps {
  /** Top-level comments on the chapter as a whole; undefined until the counts arrive. */
  count: number | undefined;
  onOpen: () => void;
}

/**
 * Phones' quick way into the chapter's thread, under the chapter navigation where the thumb
 * already is: it opens the thread's drawer. Wide screens have the section after the text at
 * hand, and no button (md, where the drawer becomes a side panel).
 */
export function ChapterCommentsButton({ count, onOpen }: ChapterCommentsButtonProps) {
  return (
    <Button
      variant="outline"
      onClick={onOpen}
      aria-label={chapterCommentsLabel(count)}
      aria-haspopup="dialog"
      className="mt-4 w-full md:hidden"
      data-testid="open-chapter-comments"
    >
      <MessageCircle aria-hidden="true" />
      {COMMENTS_TEXT.heading}
      {count !== undefined ? <span className="comment-count">{formatCount(count)}</span> : null}
    </Button>
  );
}
