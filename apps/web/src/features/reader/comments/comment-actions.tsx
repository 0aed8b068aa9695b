import type { Comment } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Flag, Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { patchCachedComment } from '../../../api/comments/cache';
import { likeComment } from '../../../api/comments/like-comment';
import { ReportDialog } from '../../../components/report-dialog';
import { failureToast, useToggleAction } from '../../../components/social/use-toggle-action';
import { formatCount } from '../../../lib/format';
import { useAuthStore } from '../../../stores/auth-store';
import { useCommentScope } from './comment-scope';
import { COMMENTS_TEXT, likeLabel } from './messages';

/** A small text button of a comment's action row (reader.css: .comment-action). */
function ActionButton({ className, ...props }: ComponentProps<'button'>) {
  return <button type="button" className={clsx('comment-action', className)} {...props} />;
}

interface CommentActionsProps {
  comment: Comment;
  /** Present when the reader may reply here. */
  onReply?: (() => void) | undefined;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** Like (with its count; a visitor is sent to sign in), Reply, Edit and Delete. */
export function CommentActions({ comment, onReply, onEdit, onDelete }: CommentActionsProps) {
  const { chapterId } = useCommentScope();
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const [reporting, setReporting] = useState(false);
  const reportable = signedIn && !comment.is_mine && !comment.deleted;
  const like = useToggleAction({
    initial: { active: comment.is_liked, count: comment.likes_count },
    send: async (on) => {
      const result = await likeComment(comment.id, on);
      // Lists opened later (a reopened thread, its replies) start from the server's answer.
      patchCachedComment(queryClient, chapterId, comment.id, {
        is_liked: result.liked,
        likes_count: result.likes_count,
      });
      return { active: result.liked, count: result.likes_count };
    },
    onError: (on, error) =>
      failureToast(on ? COMMENTS_TEXT.likeFailed : COMMENTS_TEXT.unlikeFailed, error),
  });
  return (
    <div className="comment-actions">
      <ActionButton
        onClick={like.toggle}
        aria-pressed={like.active}
        aria-label={likeLabel(like.active, like.count)}
        data-testid="comment-like"
        className={like.active ? 'comment-action-on' : undefined}
      >
        <Heart className={like.active ? 'fill-current' : undefined} aria-hidden="true" />
        {like.count > 0 ? <span className="tabular-nums">{formatCount(like.count)}</span> : null}
      </ActionButton>
      {onReply ? (
        <ActionButton onClick={onReply} data-testid="comment-reply">
          <MessageCircle aria-hidden="true" />
          {COMMENTS_TEXT.reply}
        </ActionButton>
      ) : null}
      {onEdit ? (
        <ActionButton onClick={onEdit} data-testid="comment-edit">
          <Pencil aria-hidden="true" />
          {COMMENTS_TEXT.edit}
        </ActionButton>
      ) : null}
      {onDelete ? (
        <ActionButton
          onClick={onDelete}
          className="comment-action-danger"
          data-testid="comment-delete"
        >
          <Trash2 aria-hidden="true" />
          {COMMENTS_TEXT.delete}
        </ActionButton>
      ) : null}
      {reportable ? (
        <>
          <ActionButton
            onClick={() => setReporting(true)}
            aria-label="Report comment"
            data-testid="comment-report"
          >
            <Flag aria-hidden="true" />
            Report
          </ActionButton>
          <ReportDialog
            open={reporting}
            onOpenChange={setReporting}
            target="comment"
            targetId={comment.id}
            name={comment.author?.username}
          />
        </>
      ) : null}
    </div>
  );
}
