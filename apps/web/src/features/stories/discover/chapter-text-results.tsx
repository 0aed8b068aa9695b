import { type ChapterSearchHit, readerPath, type TextRange } from '@storyloom/shared';
import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  CHAPTER_TEXT_MAX_PAGES,
  CHAPTER_TEXT_PAGE_SIZE,
  useChapterTextSearch,
} from '../../../api/search/search-chapter-text';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { Pager } from '../../../components/pager';
import { StoryCover } from '../../../components/story/story-cover';
import { Skeleton } from '../../../components/ui/skeleton';
import { foundCount } from './found-count';

/**
 * The sentence with its matching runs marked. Plain text from the API, split at the ranges and
 * rendered as text nodes: nothing of a chapter's text is ever read as HTML here.
 */
export function MarkedSnippet({ text, highlights }: { text: string; highlights: TextRange[] }) {
  const parts: { text: string; marked: boolean; at: number }[] = [];
  let at = 0;
  for (const { start, end } of highlights) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false, at });
    parts.push({ text: text.slice(start, end), marked: true, at: start });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false, at });
  return (
    <>
      {parts.map((part) =>
        part.marked ? (
          <mark
            key={part.at}
            className="rounded-sm bg-primary/20 px-0.5 font-medium text-foreground"
          >
            {part.text}
          </mark>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </>
  );
}

function HitItem({ hit }: { hit: ChapterSearchHit }) {
  const to = readerPath(hit.story.id, { chapterId: hit.chapter.id, paragraph: hit.paragraph });
  return (
    <li className="relative flex gap-4 rounded-xl border border-border bg-card p-4 transition-colors hover:bg-muted/50">
      {/* A box the cover fills: the cover keeps its own layout (and its padding, a share of
          this box's width). */}
      <div className="hidden w-16 shrink-0 sm:block">
        <StoryCover story={hit.story} />
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-serif text-lg font-semibold leading-snug">
          <Link
            to={to}
            className="after:absolute after:inset-0 focus-visible:outline-none"
            data-testid="chapter-hit-link"
          >
            {hit.chapter.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">
          {hit.story.title} · by {hit.story.author.username}
        </p>
        <blockquote
          className="mt-2 border-l-2 border-primary/40 pl-3 font-serif text-base leading-relaxed"
          data-testid="chapter-hit-snippet"
        >
          <MarkedSnippet text={hit.snippet.text} highlights={hit.snippet.highlights} />
        </blockquote>
      </div>
    </li>
  );
}

/** "In chapter text" results of Discover: chapters whose text holds the query (decision 032). */
export function ChapterTextResults({
  q,
  page,
  onPage,
}: {
  q: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const results = useChapterTextSearch(q, page);
  const { error } = results;
  useEffect(() => {
    if (error) console.error('Failed to search chapter text', error);
  }, [error]);
  const data = results.data;
  const total = data?.total ?? 0;
  const totalPages = Math.min(Math.ceil(total / CHAPTER_TEXT_PAGE_SIZE), CHAPTER_TEXT_MAX_PAGES);

  return (
    <section
      aria-labelledby="chapter-text-heading"
      aria-busy={results.isFetching}
      data-testid="chapter-text-results"
    >
      <h2 id="chapter-text-heading" className="sr-only">
        Chapters
      </h2>
      {data ? (
        <p className="mb-4 text-sm text-muted-foreground" role="status" data-testid="result-count">
          {foundCount(data, 'chapter', 'chapters')}
        </p>
      ) : null}
      {!q ? (
        <EmptyState
          icon={SearchX}
          title="Search inside chapters"
          description='Type words, or a "quoted phrase", to find them in published chapters.'
        />
      ) : results.isPending ? (
        <ul className="space-y-4">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index}>
              <Skeleton className="h-28 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : results.isError && !data ? (
        <ListError
          title="Could not search chapter text"
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : data && data.items.length > 0 ? (
        <>
          <ul
            className={
              results.isPlaceholderData ? 'space-y-4 opacity-60 transition-opacity' : 'space-y-4'
            }
          >
            {data.items.map((hit) => (
              <HitItem key={hit.chapter.id} hit={hit} />
            ))}
          </ul>
          <Pager page={page} totalPages={totalPages} onPage={onPage} />
        </>
      ) : (
        <EmptyState
          icon={SearchX}
          title="No chapters found"
          data-testid="discover-empty"
          description={
            total > 0
              ? 'This page is past the last one.'
              : 'No published chapter holds these words. Try fewer words, or other ones.'
          }
        />
      )}
    </section>
  );
}
