import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { formatCount } from '../../../lib/format';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { type CommentScope, CommentScopeContext } from './comment-scope';
import { COMMENTS_TEXT } from './messages';
import { ThreadSkeleton } from './thread-skeleton';

// The thread's code, and its comments, come when the reader nears the end of the chapter.
const CommentThread = lazy(() =>
  import('./comment-thread').then((module) => ({ default: module.CommentThread })),
);

function Heading({ total }: { total: number | null }) {
  return (
    <h2 id="chapter-comments-title" className="flex items-center gap-2 text-xl font-bold">
      <MessageCircle className="size-5 text-primary" aria-hidden="true" />
      {COMMENTS_TEXT.heading}
      {total !== null ? (
        <span className="comment-count" data-testid="chapter-comments-count">
          {formatCount(total)}
        </span>
      ) : null}
    </h2>
  );
}

const heading = (total: number | null) => <Heading total={total} />;

/**
 * The chapter-level conversation, after the chapter's text. It loads once the reader is within
 * a screen of it (lib/use-near-viewport.ts): until then, and while it loads, its heading and a
 * skeleton hold its place.
 */
export function ChapterComments({ scope }: { scope: CommentScope }) {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const waiting = (
    <div className="comment-thread" data-testid="comment-thread-waiting">
      <Heading total={null} />
      <ThreadSkeleton />
    </div>
  );
  return (
    <CommentScopeContext value={scope}>
      <section
        ref={section}
        id="chapter-comments"
        aria-labelledby="chapter-comments-title"
        className="chapter-comments"
        data-testid="chapter-comments"
      >
        {near ? (
          <Suspense fallback={waiting}>
            <CommentThread paragraph={null} title={heading} />
          </Suspense>
        ) : (
          waiting
        )}
      </section>
    </CommentScopeContext>
  );
}
