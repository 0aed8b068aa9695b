import { MessageCircle } from 'lucide-react';
import { formatCount } from '../../../lib/format';
import { type CommentScope, CommentScopeContext } from './comment-scope';
import { CommentThread } from './comment-thread';
import { COMMENTS_TEXT } from './messages';

/** The chapter-level conversation, after the chapter's text. */
export function ChapterComments({ scope }: { scope: CommentScope }) {
  return (
    <CommentScopeContext value={scope}>
      <section
        id="chapter-comments"
        aria-labelledby="chapter-comments-title"
        className="chapter-comments"
        data-testid="chapter-comments"
      >
        <CommentThread
          paragraph={null}
          title={(total) => (
            <h2 id="chapter-comments-title" className="flex items-center gap-2 text-xl font-bold">
              <MessageCircle className="size-5 text-primary" aria-hidden="true" />
              {COMMENTS_TEXT.heading}
              {total !== null ? (
                <span className="comment-count" data-testid="chapter-comments-count">
                  {formatCount(total)}
                </span>
              ) : null}
            </h2>
          )}
        />
      </section>
    </CommentScopeContext>
  );
}
