import { paragraphsOfHtml } from '@storyloom/shared';
import { MessageSquare, MessageSquarePlus } from 'lucide-react';
import { memo, useMemo } from 'react';
import { formatCount } from '../../../lib/format';
import { useHydrated } from '../../../lib/use-hydrated';
import { paragraphButtonLabel } from '../comments/messages';

/** What the paragraphs need to offer their comments; absent, the text is shown alone. */
export interface ParagraphComments {
  /** Top-level comments per paragraph (from 0); undefined until they arrive. */
  counts: ReadonlyMap<number, number> | undefined;
  /** The paragraph whose thread is open, marked in the text. */
  active: number | null;
  onOpen: (index: number, html: string) => void;
}

interface ChapterParagraphsProps {
  content: string;
  comments?: ParagraphComments | undefined;
}

/**
 * The chapter's text as its paragraphs (`paragraphsOfHtml`, the numbering the API's paragraph
 * comments use), each with a button to its thread beside it. The HTML is the server's
 * sanitized chapter content (decision 005). The buttons come once the app is live: the
 * server's page carries the text alone, and nothing moves when they appear (reader.css places
 * them in the margin).
 */
export const ChapterParagraphs = memo(function ChapterParagraphs({
  content,
  comments,
}: ChapterParagraphsProps) {
  const paragraphs = useMemo(() => paragraphsOfHtml(content), [content]);
  const live = useHydrated();
  return (
    <div className="chapter-content" data-testid="chapter-content">
      {paragraphs.map((html, index) => {
        const count = comments?.counts?.get(index) ?? 0;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph is its position, as in the API
            key={index}
            className="chapter-paragraph"
            data-paragraph={index}
            data-active={comments?.active === index || undefined}
          >
            <div
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes chapter HTML against an allowlist before storing it
              dangerouslySetInnerHTML={{ __html: html }}
            />
            {live && comments ? (
              <button
                type="button"
                className="paragraph-comments-button"
                data-count={count > 0 ? count : undefined}
                aria-label={paragraphButtonLabel(index, count)}
                aria-haspopup="dialog"
                data-testid="paragraph-comments-button"
                onClick={() => comments.onOpen(index, html)}
              >
                {count > 0 ? (
                  <>
                    <MessageSquare aria-hidden="true" />
                    <span>{formatCount(count)}</span>
                  </>
                ) : (
                  <MessageSquarePlus aria-hidden="true" />
                )}
              </button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});
