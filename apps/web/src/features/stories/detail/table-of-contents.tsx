import { Bookmark, ChevronDown, ChevronUp, PenLine } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDateTimeZone } from '../../../lib/use-hydrated';
import { type ContentsEntry, readerPath } from './contents';
import { chapterCount, DETAIL_MESSAGES, plural, showAllChapters } from './messages';

/** Past this many lines the list starts folded to its first FOLDED_LINES: a long story stays a short page. */
const FOLD_ABOVE = 15;
const FOLDED_LINES = 10;

const editorPath = (storyId: string) => `/stories/${encodeURIComponent(storyId)}/edit`;

const lineClasses =
  'group flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-accent hover:text-accent-foreground';

function ChapterLine({
  storyId,
  entry,
  lastRead,
  zone,
}: {
  storyId: string;
  entry: ContentsEntry;
  lastRead: boolean;
  zone: string | undefined;
}) {
  const { chapter, number } = entry;
  const draft = number === null;
  const words = plural(chapter.word_count, 'word', 'words');
  return (
    <li>
      <Link
        to={draft ? editorPath(storyId) : readerPath(storyId, number)}
        className={lineClasses}
        data-testid={draft ? 'contents-draft' : 'contents-chapter'}
      >
        <span className="w-8 shrink-0 pt-px text-right text-sm tabular-nums text-muted-foreground">
          {draft ? <PenLine className="ml-auto mt-0.5 size-4" aria-hidden="true" /> : number}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
          <span className="min-w-0 flex-1 break-words font-medium">
            <span data-testid="contents-title">{chapter.title}</span>
            {draft && (
              <span className="ml-2 inline-block rounded-full border px-2 py-px align-middle text-xs font-medium text-muted-foreground">
                {chapter.publish_at ? DETAIL_MESSAGES.scheduled : DETAIL_MESSAGES.draft}
              </span>
            )}
            {lastRead && (
              <span
                className="ml-2 inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-px align-middle text-xs font-medium text-primary"
                data-testid="contents-last-read"
              >
                <Bookmark className="size-3" aria-hidden="true" />
                {DETAIL_MESSAGES.lastRead}
              </span>
            )}
          </span>
          <span
            className="shrink-0 text-xs tabular-nums text-muted-foreground sm:text-sm"
            data-testid="contents-meta"
          >
            {draft && chapter.publish_at ? (
              <time
                dateTime={chapter.publish_at}
                suppressHydrationWarning
                data-testid="contents-scheduled"
              >
                {DETAIL_MESSAGES.scheduledFor(formatDateTime(chapter.publish_at, zone))}
              </time>
            ) : draft ? (
              DETAIL_MESSAGES.notPublished
            ) : (
              <time dateTime={chapter.published_at ?? undefined} suppressHydrationWarning>
                {formatDate(chapter.published_at, zone)}
              </time>
            )}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {words}
          </span>
        </span>
      </Link>
    </li>
  );
}

interface TableOfContentsProps {
  storyId: string;
  isOwner: boolean;
  /** The lines, once loaded. */
  entries: ContentsEntry[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** The chapter a returning reader last opened. */
  lastReadId: string | null;
}

/**
 * The story's chapters in order, each to the reader at that chapter, with its date and words.
 * Visitors and readers see the published chapters; the author sees their drafts too, in place,
 * marked Draft and leading to the editor. A long list starts folded.
 */
export function TableOfContents({
  storyId,
  isOwner,
  entries,
  failed,
  onRetry,
  lastReadId,
}: TableOfContentsProps) {
  const zone = useDateTimeZone();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const folded = useRef(false);
  // Folding a long list back up keeps its button in view rather than leaving the reader far below.
  useEffect(() => {
    if (!expanded && folded.current) toggle.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);

  const published = entries?.filter((entry) => entry.number !== null).length ?? 0;
  const drafts = (entries?.length ?? 0) - published;
  const foldable = (entries?.length ?? 0) > FOLD_ABOVE;
  const shown = entries && foldable && !expanded ? entries.slice(0, FOLDED_LINES) : entries;

  let body: ReactNode;
  if (failed && !entries) {
    body = (
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        {DETAIL_MESSAGES.contentsFailed}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {DETAIL_MESSAGES.tryAgain}
        </Button>
      </p>
    );
  } else if (!shown) {
    body = (
      <div className="mt-4 space-y-2 rounded-xl border bg-card p-3" aria-busy="true">
        <span className="sr-only">Loading chapters…</span>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  } else if (shown.length === 0 || (published === 0 && !isOwner)) {
    body = (
      <p className="mt-4 rounded-xl border bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        {DETAIL_MESSAGES.noChapters}
      </p>
    );
  } else {
    body = (
      <>
        {published === 0 && (
          <p className="mt-4 text-sm text-muted-foreground">{DETAIL_MESSAGES.noChaptersOwner}</p>
        )}
        <ol
          id={listId}
          className="mt-4 rounded-xl border bg-card p-1.5"
          data-testid="contents-list"
        >
          {shown.map((entry) => (
            <ChapterLine
              key={entry.chapter.id}
              storyId={storyId}
              entry={entry}
              lastRead={entry.chapter.id === lastReadId}
              zone={zone}
            />
          ))}
        </ol>
        {foldable && entries && (
          <Button
            ref={toggle}
            variant="ghost"
            className="mt-2 w-full text-primary"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => {
              folded.current = expanded;
              setExpanded(!expanded);
            }}
            data-testid="contents-toggle"
          >
            {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {expanded ? DETAIL_MESSAGES.showFewer : showAllChapters(published, drafts)}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="contents-heading" data-testid="table-of-contents">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="contents-heading" className="font-serif text-2xl font-bold tracking-tight">
          {DETAIL_MESSAGES.contents}
        </h2>
        {entries && entries.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="contents-count">
            {chapterCount(published, drafts)}
          </p>
        )}
      </div>
      {body}
    </section>
  );
}
