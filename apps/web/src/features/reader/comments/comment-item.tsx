import { COMMENT_MESSAGES, type Comment, MODERATION_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCreateComment } from '../../../api/comments/create-comment';
import { useDeleteComment } from '../../../api/comments/delete-comment';
import { useUpdateComment } from '../../../api/comments/update-comment';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { toast } from '../../../stores/toast';
import { CommentActions } from './comment-actions';
import { CommentBody } from './comment-body';
import { CommentComposer } from './comment-composer';
import { CommentReplies } from './comment-replies';
import { useCommentScope } from './comment-scope';
import { useCommentTarget } from './linked-comment';
import { COMMENTS_TEXT, replyingTo } from './messages';

interface CommentItemProps {
  comment: Comment;
  /** The story takes new comments and replies, and the reader is signed in. */
  canWrite: boolean;
}

/** "On a passage since removed: “…”": the excerpt as the API keeps it (cut ones end in "…"). */
const removedQuote = (excerpt: string) => `${COMMENT_MESSAGES.removedParagraph}: “${excerpt}”`;

/** Who wrote it: a link to their profile, or "[deleted account]" with no link. */
function CommentAuthor({ comment }: { comment: Comment }) {
  const { storyAuthorId } = useCommentScope();
  const author = comment.author;
  if (!author) {
    return (
      <span className="font-medium italic text-muted-foreground" data-testid="comment-author">
        {COMMENT_MESSAGES.deletedAccount}
      </span>
    );
  }
  return (
    <>
      <Link
        to={`/profile/${encodeURIComponent(author.username)}`}
        className="min-w-0 truncate font-semibold text-foreground hover:underline"
        data-testid="comment-author"
      >
        {author.username}
      </Link>
      {author.id === storyAuthorId ? (
        <span className="comment-badge">{COMMENTS_TEXT.authorBadge}</span>
      ) : null}
    </>
  );
}

/**
 * One comment: its writer, when, "edited", the text (or "Comment deleted" for a placeholder
 * kept for its replies), its actions, and for a top-level comment its replies and reply box.
 */
export function CommentItem({ comment, canWrite }: CommentItemProps) {
  const scope = useCommentScope();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const update = useUpdateComment(scope.chapterId);
  const remove = useDeleteComment(scope);
  const reply = useCreateComment(scope);
  const topLevel = comment.parent_id === null;
  const placeholder = comment.deleted;
  const target = useCommentTarget();
  const targeted = target?.commentId === comment.id;
  const item = useRef<HTMLLIElement>(null);

  // A link to a reply opens its comment's replies; the comment linked to comes into view.
  useEffect(() => {
    if (target && target.parentId === comment.id) setShowReplies(true);
  }, [target, comment.id]);
  useEffect(() => {
    if (targeted) item.current?.scrollIntoView({ block: 'center' });
  }, [targeted]);

  // Awaited rather than given to mutate(): a deleted comment leaves the list as the lists
  // refresh, and callbacks given to mutate() are dropped once their component is gone.
  async function confirmDelete() {
    try {
      await remove.mutateAsync(comment.id);
      toast.success(COMMENT_MESSAGES.deleted);
    } catch (error) {
      toast.error(COMMENTS_TEXT.deleteFailed, errorMessage(error, 'Please try again later.'));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <li
      ref={item}
      className={clsx('comment', !topLevel && 'comment-reply')}
      data-targeted={targeted || undefined}
      data-testid={topLevel ? 'comment' : 'reply'}
      data-comment-id={comment.id}
    >
      {placeholder ? (
        <span className="comment-avatar-gone" aria-hidden="true" />
      ) : (
        <Avatar
          name={comment.author?.username ?? null}
          src={comment.author?.profile_pic}
          className={topLevel ? 'size-9' : 'size-7 [&>span]:text-xs'}
        />
      )}
      <div className="min-w-0 flex-1">
        {placeholder ? (
          <p className="comment-deleted" data-testid="comment-deleted">
            {COMMENT_MESSAGES.deletedPlaceholder}
          </p>
        ) : (
          <>
            <p className="comment-meta">
              <CommentAuthor comment={comment} />
              <time
                dateTime={comment.created_at}
                title={formatDate(comment.created_at)}
                className="shrink-0"
              >
                {formatRelativeTime(comment.created_at)}
              </time>
              {comment.edited_at ? (
                <span className="shrink-0" data-testid="comment-edited">
                  · {COMMENT_MESSAGES.editedMark}
                </span>
              ) : null}
            </p>
            {comment.paragraph_removed && comment.paragraph_excerpt ? (
              <p className="comment-removed-quote" data-testid="comment-removed-paragraph">
                {removedQuote(comment.paragraph_excerpt)}
              </p>
            ) : null}
            {editing ? (
              <div className="mt-2">
                <CommentComposer
                  label={COMMENTS_TEXT.editLabel}
                  placeholder={COMMENTS_TEXT.placeholder}
                  submitLabel={COMMENTS_TEXT.save}
                  pendingLabel={COMMENTS_TEXT.saving}
                  failureTitle={COMMENTS_TEXT.editFailed}
                  initialBody={comment.body}
                  autoFocus
                  compact
                  testId="comment-edit-form"
                  onCancel={() => setEditing(false)}
                  onSubmit={async (body) => {
                    await update.mutateAsync({ id: comment.id, body });
                    setEditing(false);
                    toast.success(COMMENT_MESSAGES.edited);
                  }}
                />
              </div>
            ) : (
              <>
                {comment.hidden ? (
                  // Only its writer is sent a hidden comment: say so, and why.
                  <p
                    className="mb-1 text-xs font-medium text-destructive"
                    data-testid="comment-hidden"
                  >
                    {MODERATION_MESSAGES.hiddenByModerators}
                    {comment.hidden.reason ? `: ${comment.hidden.reason}` : ''}
                  </p>
                ) : null}
                <CommentBody body={comment.body} />
              </>
            )}
            {editing ? null : (
              <CommentActions
                comment={comment}
                onReply={
                  topLevel && canWrite
                    ? () => {
                        setReplying((open) => !open);
                      }
                    : undefined
                }
                onEdit={comment.is_mine ? () => setEditing(true) : undefined}
                onDelete={comment.can_delete ? () => setConfirming(true) : undefined}
              />
            )}
          </>
        )}
        {replying && canWrite ? (
          <div className="mt-3">
            <p className="mb-1.5 text-xs text-muted-foreground">
              {replyingTo(comment.author?.username ?? null)}
            </p>
            <CommentComposer
              label={COMMENTS_TEXT.replyPlaceholder}
              placeholder={COMMENTS_TEXT.replyPlaceholder}
              submitLabel={COMMENTS_TEXT.reply}
              pendingLabel={COMMENTS_TEXT.posting}
              failureTitle={COMMENTS_TEXT.postFailed}
              autoFocus
              compact
              testId="reply-composer"
              onCancel={() => setReplying(false)}
              onSubmit={async (body) => {
                await reply.mutateAsync({ body, parent_id: comment.id });
                setReplying(false);
                setShowReplies(true);
                toast.success(COMMENT_MESSAGES.replied);
              }}
            />
          </div>
        ) : null}
        {topLevel && comment.replies_count > 0 ? (
          <CommentReplies
            comment={comment}
            open={showReplies}
            onOpenChange={setShowReplies}
            canWrite={canWrite}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={COMMENTS_TEXT.deleteTitle}
        description={
          topLevel && comment.replies_count > 0
            ? `${COMMENTS_TEXT.deleteDescription} ${COMMENTS_TEXT.deleteWithReplies}`
            : COMMENTS_TEXT.deleteDescription
        }
        confirmLabel={COMMENTS_TEXT.delete}
        pendingLabel={COMMENTS_TEXT.deleting}
        pending={remove.isPending}
        destructive
        onConfirm={() => void confirmDelete()}
      />
    </li>
  );
}
