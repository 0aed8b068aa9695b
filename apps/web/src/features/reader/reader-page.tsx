import { MESSAGES, READER_LINK_PARAMS } from '@storyloom/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  storyChaptersQueryOptions,
  usePublishedChapters,
} from '../../api/chapters/get-story-chapters';
import { useReportProgress } from '../../api/chapters/report-progress';
import { isNetworkFailure } from '../../api/offline/with-offline-copy';
import { storyQueryOptions, useStory } from '../../api/stories/get-story';
import { PageTitle } from '../../components/page-title';
import { ReportDialog } from '../../components/report-dialog';
import { MatureNotice, useMatureNotice } from '../../components/story/mature-notice';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { WhenLive } from '../../components/when-live';
import { ApiError } from '../../lib/api';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import { CHAPTER_PARAM, chapterIndexFor, parseChapterParam } from './chapter-position';
import { chapterTitle } from './chapter-title';
import { ChapterComments } from './comments/chapter-comments';
import { ChapterCommentsButton } from './comments/chapter-comments-button';
import { CommentTargetContext, useLinkedComment } from './comments/linked-comment';
import { useCommentThreads } from './comments/use-comment-threads';
import { ChapterBody } from './components/chapter-body';
import { ChapterPager } from './components/chapter-pager';
import { EndCard } from './components/end-card';
import { ReaderHeader } from './components/reader-header';
import { ReaderSkeleton } from './components/reader-skeleton';
import { ReadingProgress } from './components/reading-progress';
import { useLinkedParagraph } from './linked-paragraph';
import { READER_MESSAGES } from './messages';
import { useChapterKeys } from './use-chapter-keys';
import { useReadingBars } from './use-reading-bars';

// The chapter list, the settings and a comment thread load the first time they open: most
// readers read, and the page's script is what a phone runs before it responds.
const ChaptersDrawer = lazyDialog(() =>
  import('./components/chapters-drawer').then((m) => m.ChaptersDrawer),
);
const ReadingSettingsDialog = lazyDialog(() =>
  import('./components/reading-settings-dialog').then((m) => m.ReadingSettingsDialog),
);
const CommentsSheet = lazyDialog(
  () => import('./comments/comments-sheet').then((m) => m.CommentsSheet),
  (props) => props.thread !== null,
);

const isPrivate = (error: unknown) => error instanceof ApiError && error.code === 'story_private';

/** Leaves the reader once, with a toast, when the story cannot be read here. */
function useLeaveOn(
  reason: 'private' | 'failed' | 'offline' | 'no-chapters' | null,
  storyId: string,
) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (reason === null || left.current) return;
    left.current = true;
    if (reason === 'private') {
      toast.error(MESSAGES.storyPrivate);
      void navigate('/stories', { replace: true });
    } else if (reason === 'offline') {
      // The library lists what can be read with no connection.
      toast.error(READER_MESSAGES.offlineTitle, READER_MESSAGES.offline);
      void navigate('/library', { replace: true });
    } else if (reason === 'failed') {
      toast.error(READER_MESSAGES.errorTitle, READER_MESSAGES.loadFailed);
      void navigate('/stories', { replace: true });
    } else {
      toast.info(READER_MESSAGES.noChaptersTitle, READER_MESSAGES.noChapters);
      void navigate(`/stories/${encodeURIComponent(storyId)}`, { replace: true });
    }
  }, [reason, storyId, navigate]);
}

/** The story and its published chapters. */
export const loader = prefetchLoader((client, { params }) => {
  const id = params.id ?? '';
  return Promise.all([
    client.prefetchQuery(storyQueryOptions(id)),
    client.prefetchQuery(storyChaptersQueryOptions(id, { publishedOnly: true })),
  ]);
});

/** What a link may add to the address for one visit (lib/reader-links.ts); dropped once used. */
const ONE_VISIT_PARAMS = [
  READER_LINK_PARAMS.chapterId,
  READER_LINK_PARAMS.comment,
  READER_LINK_PARAMS.parent,
  READER_LINK_PARAMS.paragraph,
];

/**
 * /stories/{id}/read. The chapter is `?chapter=n` (or, from a link that knows it,
 * `?chapter_id=…`); without it the reader's saved position opens, else chapter 1. A link to a
 * comment opens its thread (comments/linked-comment.ts); a link to a paragraph scrolls to it and
 * marks it (linked-paragraph.ts). Each chapter shown is reported (a
 * read, and the position for a signed-in reader).
 */
export function ReaderPage() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const story = useStory(id);
  const notice = useMatureNotice(story.data);
  const chapters = usePublishedChapters(id);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const progress = useReportProgress(id);
  const viewerId = useAuthStore((state) =>
    state.isAuthenticated ? (state.user?.id ?? null) : null,
  );

  const list = chapters.data;
  const failedError = (story.isError && story.error) || (chapters.isError && chapters.error);
  const reason = failedError
    ? isPrivate(failedError)
      ? 'private'
      : isNetworkFailure(failedError) && !navigator.onLine
        ? 'offline'
        : 'failed'
    : list && list.length === 0
      ? 'no-chapters'
      : null;
  useLeaveOn(reason, id);

  const linkedId = searchParams.get(READER_LINK_PARAMS.chapterId);
  const linkedIndex = linkedId && list ? list.findIndex((item) => item.id === linkedId) : -1;
  const requested =
    linkedIndex >= 0 ? linkedIndex + 1 : parseChapterParam(searchParams.get(CHAPTER_PARAM));
  const oneVisit = ONE_VISIT_PARAMS.some((name) => searchParams.has(name));
  const ready = Boolean(story.data && list && list.length > 0);
  const total = list?.length ?? 0;
  const index =
    ready && list
      ? chapterIndexFor(
          requested,
          list.map((chapter) => chapter.id),
          story.data?.progress?.chapter_id,
        )
      : 0;
  const chapter = ready ? list?.[index] : undefined;
  const threads = useCommentThreads(chapter?.id);
  // A comment link whose chapter is not among the published ones leads nowhere in this one.
  const commentTarget = useLinkedComment(
    linkedId && linkedIndex < 0 ? undefined : chapter,
    threads.comments.onOpen,
  );
  // A search result's paragraph, once the text is on screen (not behind the mature notice).
  useLinkedParagraph(chapter?.id, notice.state === 'open');

  // Keep the URL naming the chapter on screen, so a reload or a shared link opens it, and
  // nothing more: what a link asked for once has been done.
  const position = index + 1;
  useEffect(() => {
    if (!ready || (requested === position && !oneVisit)) return;
    setSearchParams(
      (params) => {
        params.set(CHAPTER_PARAM, String(position));
        for (const name of ONE_VISIT_PARAMS) params.delete(name);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [ready, requested, position, oneVisit, setSearchParams]);

  // Report each chapter as it comes on screen (the server counts a reader's read only once,
  // and keeps the latest position); not again when its cached counts change.
  const reported = useRef<string | null>(null);
  const report = progress.mutate;
  const chapterId = chapter?.id;
  const savesPosition = viewerId !== null && viewerId !== story.data?.author_id;
  // A chapter behind the mature notice is not read until the reader continues.
  const shown = notice.state === 'open';
  useEffect(() => {
    if (!chapter || !shown || reported.current === chapter.id) return;
    reported.current = chapter.id;
    report({ chapter, savesPosition });
  }, [chapter, shown, savesPosition, report]);

  // A new chapter starts at the top, with focus on its title for screen readers.
  const shownId = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!chapterId) return;
    const first = shownId.current === undefined;
    shownId.current = chapterId;
    if (first) return;
    window.scrollTo({ top: 0, left: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [chapterId]);

  const goTo = (next: number) => {
    if (next < 1 || next > total || next === position) return;
    setSearchParams((params) => {
      params.set(CHAPTER_PARAM, String(next));
      return params;
    });
  };
  useChapterKeys(
    () => goTo(position - 1),
    () => goTo(position + 1),
    ready && !drawerOpen && !settingsOpen && threads.open === null,
  );
  useReadingBars(headerRef, textRef, ready);

  if (!story.data || !list || !chapter || notice.state === 'pending') return <ReaderSkeleton />;
  if (notice.state === 'notice')
    return (
      <div className="reader-page flex flex-1 flex-col px-4" data-testid="reader-page">
        <PageTitle title={story.data.title} />
        <MatureNotice rating={story.data.rating} onContinue={notice.proceed} />
      </div>
    );

  const title = story.data.title;
  const isLast = position === total;
  const commentScope = {
    chapterId: chapter.id,
    storyId: id,
    storyAuthorId: story.data.author_id,
    chapterUpdatedAt: chapter.updated_at,
  };
  return (
    // Its theme and type come from <html> (reader.css), where they are before the first paint.
    <CommentTargetContext value={commentTarget}>
      <div className="reader-page flex flex-1 flex-col" data-testid="reader-page">
        <PageTitle title={`${chapterTitle(chapter, index)} · ${title}`} />
        <ReadingProgress key={chapter.id} chapter={articleRef} />
        <ReaderHeader
          ref={headerRef}
          storyId={id}
          storyTitle={title}
          position={position}
          total={total}
          onOpenChapters={() => setDrawerOpen(true)}
          onOpenSettings={() => setSettingsOpen(true)}
          onReport={
            viewerId && viewerId !== story.data.author_id ? () => setReporting(true) : undefined
          }
        />
        <ReportDialog
          open={reporting}
          onOpenChange={setReporting}
          target="chapter"
          targetId={chapter.id}
          name={chapterTitle(chapter, index)}
        />
        <div
          ref={textRef}
          className="mx-auto w-full max-w-3xl flex-1 px-5 pb-16 pt-10 sm:px-8 sm:pt-14"
        >
          <ChapterBody
            chapter={chapter}
            index={index}
            headingRef={headingRef}
            articleRef={articleRef}
            paragraphComments={threads.comments}
          />
          <ChapterPager
            position={position}
            total={total}
            onPrevious={() => goTo(position - 1)}
            onNext={() => goTo(position + 1)}
          />
          {/* Comments are the live app's: the server's page carries the chapter alone. */}
          <WhenLive>
            <ChapterCommentsButton count={threads.chapterCount} onOpen={threads.openChapter} />
          </WhenLive>
          {isLast && <EndCard storyId={id} storyTitle={title} />}
          <WhenLive>
            <ChapterComments key={chapter.id} scope={commentScope} />
          </WhenLive>
        </div>
        <ChaptersDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          chapters={list}
          currentIndex={index}
          storyTitle={title}
        />
        <ReadingSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        <CommentsSheet
          scope={commentScope}
          thread={threads.open}
          chapterName={chapterTitle(chapter, index)}
          onClose={threads.close}
        />
      </div>
    </CommentTargetContext>
  );
}
