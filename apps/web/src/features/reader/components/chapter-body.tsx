import { type Chapter, isBlankHtml } from '@storyloom/shared';
import { Clock, Eye } from 'lucide-react';
import type { Ref } from 'react';
import { chapterTitleAfterNumber, formatCountOf } from '../../../lib/format';
import { minutesToRead } from '../chapter-position';
import { chapterTitle } from '../chapter-title';
import { READER_MESSAGES } from '../messages';
import { ChapterParagraphs, type ParagraphComments } from './chapter-paragraphs';

interface ChapterBodyProps {
  chapter: Chapter;
  index: number;
  headingRef: Ref<HTMLHeadingElement>;
  articleRef?: Ref<HTMLElement>;
  /** Each paragraph's comments: its count, and the button that opens its thread. */
  paragraphComments?: ParagraphComments | undefined;
}

/**
 * The chapter title, its reads and the text in the reader's settings (reader.css reads them).
 * The content is the server's sanitized HTML (an allowlist of p, br, strong, em, u, blockquote;
 * decision 005), shown paragraph by paragraph; nothing else is ever rendered as HTML here.
 */
export function ChapterBody({
  chapter,
  index,
  headingRef,
  articleRef,
  paragraphComments,
}: ChapterBodyProps) {
  const reads = chapter.reads_count;
  const title = chapterTitle(chapter, index).trim();
  return (
    <article ref={articleRef} aria-labelledby="chapter-title" data-testid="chapter">
      <header className="mb-8 border-b pb-6 text-center">
        {/* Said once: a title that starts with its own "Chapter N" needs no line above it. */}
        {chapterTitleAfterNumber(index + 1, title) === title ? (
          <p className="text-xs font-semibold uppercase tracking-widest text-muted-foreground">
            Chapter {index + 1}
          </p>
        ) : null}
        <h1
          id="chapter-title"
          ref={headingRef}
          tabIndex={-1}
          className="reader-font mt-2 text-balance break-words text-3xl font-bold leading-tight focus:outline-none sm:text-4xl"
          data-testid="chapter-title"
        >
          {title}
        </h1>
        <p className="mt-3 flex items-center justify-center gap-4 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5" data-testid="chapter-reads">
            <Eye className="size-4" aria-hidden="true" />
            {formatCountOf(reads, 'read')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            {minutesToRead(chapter.word_count)} min read
          </span>
        </p>
      </header>
      {isBlankHtml(chapter.content) ? (
        <p className="py-10 text-center italic text-muted-foreground" data-testid="chapter-empty">
          {READER_MESSAGES.emptyChapter}
        </p>
      ) : (
        <ChapterParagraphs content={chapter.content} comments={paragraphComments} />
      )}
    </article>
  );
}
