import { COMMENT_MESSAGES, COMMENT_SORTS, type CommentSort } from '@storyloom/shared';
import { LogIn, MessageSquareOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useCreateComment } from '../../../api/comments/create-comment';
import { useComments } from '../../../api/comments/get-comments';
import { ListError } from '../../../components/list-error';
import { LoadMore } from '../../../components/load-more';
import { buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { pagedItems, pagedTotal } from '../../../lib/paging';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { useCommentScope } from './comment-scope';
import { COMMENTS_TEXT, SORT_LABELS } from './messages';
import { ThreadSkeleton } from './thread-skeleton';

interface CommentThreadProps {
  /** The paragraph's thread (from 0), or null for the chapter as a whole. */
  paragraph: number | null;
  /** The thread's heading, given how many top-level comments it has (null while loading). */
  title: (total: number | null) => ReactNode;
}

/** Where the comment box goes: the box, a way to sign in, or why comments are closed. */
function WriteArea({ allowed, paragraph }: { allowed: boolean; paragraph: number | null }) {
  const scope = useCommentScope();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const create = useCreateComment(scope);
  if (!allowed) {
    return (
      <p className="comment-closed" data-testid="comments-off">
        <MessageSquareOff className="size-4 shrink-0" aria-hidden="true" />
        {COMMENT_MESSAGES.commentsOff}
      </p>
    );
  }
  if (!signedIn) {
    return (
      <div className="comment-sign-in" data-testid="comment-sign-in">
        <p className="text-sm text-muted-foreground">{COMMENTS_TEXT.signInHint}</p>
        <Link to="/auth/login" className={buttonClasses({ size: 'sm' })}>
          <LogIn aria-hidden="true" />
          {COMMENTS_TEXT.signIn}
        </Link>
      </div>
    );
  }
  const label = paragraph === null ? COMMENTS_TEXT.placeholder : COMMENTS_TEXT.paragraphPlaceholder;
  return (
    <CommentComposer
      label={label}
      placeholder={label}
      submitLabel={COMMENTS_TEXT.post}
      pendingLabel={COMMENTS_TEXT.posting}
      failureTitle={COMMENTS_TEXT.postFailed}
      onSubmit={async (body) => {
        await create.mutateAsync(
          paragraph === null
            ? { body }
            : { body, paragraph, chapter_updated_at: scope.chapterUpdatedAt },
        );
        toast.success(COMMENT_MESSAGES.posted);
      }}
    />
  );
}

/**
 * A thread of top-level comments (the chapter's, or one paragraph's): its heading and order,
 * the box to write in, the comments with their replies, and Load more.
 */
export function CommentThread({ paragraph, title }: CommentThreadProps) {
  const { chapterId } = useCommentScope();
  const [sort, setSort] = useState<CommentSort>('newest');
  const thread = useComments(chapterId, { paragraph, sort });
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const sortId = useId();
  const first = thread.data?.pages[0];
  const items = pagedItems(thread.data);
  const allowed = first?.allow_comments ?? true;
  const canWrite = allowed && signedIn;

  return (
    <div className="comment-thread" data-testid="comment-thread">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title(thread.data ? pagedTotal(thread.data) : null)}
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="sr-only">
            {COMMENTS_TEXT.sortLabel}
          </label>
          <Select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as CommentSort)}
            className="w-36"
            data-testid="comment-sort"
          >
            {COMMENT_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-4">
        {first ? <WriteArea allowed={allowed} paragraph={paragraph} /> : null}
      </div>
      {thread.isPending ? (
        <ThreadSkeleton />
      ) : thread.isError && items.length === 0 ? (
        <div className="mt-4">
          <ListError
            title={COMMENTS_TEXT.loadFailed}
            error={thread.error}
            onRetry={() => void thread.refetch()}
          />
        </div>
      ) : items.length === 0 ? (
        <p className="comment-empty" data-testid="comments-empty">
          {paragraph === null ? COMMENTS_TEXT.empty : COMMENTS_TEXT.emptyParagraph}
        </p>
      ) : (
        <>
          <ul className="comment-list" data-testid="comment-list">
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} canWrite={canWrite} />
            ))}
          </ul>
          <LoadMore
            shown={items.length}
            total={pagedTotal(thread.data)}
            hasMore={thread.hasNextPage}
            loading={thread.isFetchingNextPage}
            onLoadMore={() => void thread.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
