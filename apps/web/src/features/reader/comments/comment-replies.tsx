import type { Comment } from '@storyloom/shared';
import { ChevronDown, ChevronUp, Loader2 } from 'lucide-react';
import { useReplies } from '../../../api/comments/get-replies';
import { pagedItems } from '../../../lib/paging';
import { CommentItem } from './comment-item';
import { useCommentScope } from './comment-scope';
import { COMMENTS_TEXT, viewReplies } from './messages';

interface CommentRepliesProps {
  comment: Comment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canWrite: boolean;
}

/** "View n replies", then the replies (oldest first, paged) under their comment. */
export function CommentReplies({ comment, open, onOpenChange, canWrite }: CommentRepliesProps) {
  const { chapterId } = useCommentScope();
  const replies = useReplies(chapterId, comment.id, open);
  const items = pagedItems(replies.data);

  if (!open) {
    return (
      <button
        type="button"
        className="comment-replies-toggle"
        aria-expanded={false}
        onClick={() => onOpenChange(true)}
        data-testid="view-replies"
      >
        <ChevronDown aria-hidden="true" />
        {viewReplies(comment.replies_count)}
      </button>
    );
  }
  return (
    <div className="mt-1">
      <button
        type="button"
        className="comment-replies-toggle"
        aria-expanded
        onClick={() => onOpenChange(false)}
      >
        <ChevronUp aria-hidden="true" />
        {COMMENTS_TEXT.hideReplies}
      </button>
      {replies.isPending ? (
        <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          <span>Loading replies…</span>
        </p>
      ) : replies.isError && items.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground" role="alert">
          {COMMENTS_TEXT.loadRepliesFailed}{' '}
          <button
            type="button"
            className="font-medium text-primary hover:underline"
            onClick={() => void replies.refetch()}
          >
            {COMMENTS_TEXT.tryAgain}
          </button>
        </p>
      ) : (
        <ul className="comment-replies" data-testid="replies">
          {items.map((item) => (
            <CommentItem key={item.id} comment={item} canWrite={canWrite} />
          ))}
        </ul>
      )}
      {replies.hasNextPage ? (
        <button
          type="button"
          className="comment-replies-toggle"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          {replies.isFetchingNextPage ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <ChevronDown aria-hidden="true" />
          )}
          {COMMENTS_TEXT.moreReplies}
        </button>
      ) : null}
    </div>
  );
}
