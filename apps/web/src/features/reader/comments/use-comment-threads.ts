import { useCallback, useMemo, useState } from 'react';
import { useCommentCounts } from '../../../api/comments/get-comment-counts';
import type { ParagraphComments } from '../components/chapter-paragraphs';

/** The thread a drawer shows: one paragraph's (from 0, with its HTML to quote) or the chapter's. */
export type OpenThread = { paragraph: number; html: string } | { paragraph: null };

/**
 * The comment threads of the chapter on screen: their counts (one call per chapter: each
 * paragraph's and the chapter's own) and which thread's drawer is open. Another chapter closes it.
 */
export function useCommentThreads(chapterId: string | undefined) {
  const counts = useCommentCounts(chapterId);
  const [open, setOpen] = useState<(OpenThread & { chapterId: string }) | null>(null);
  const current = open && open.chapterId === chapterId ? open : null;

  const byParagraph = useMemo(
    () =>
      counts.data
        ? new Map(counts.data.paragraphs.map(({ paragraph, count }) => [paragraph, count]))
        : undefined,
    [counts.data],
  );
  const onOpen = useCallback(
    (index: number, html: string) => {
      if (chapterId) setOpen({ chapterId, paragraph: index, html });
    },
    [chapterId],
  );
  const openChapter = useCallback(() => {
    if (chapterId) setOpen({ chapterId, paragraph: null });
  }, [chapterId]);
  const active = current?.paragraph ?? null;
  const comments = useMemo<ParagraphComments>(
    () => ({ counts: byParagraph, active, onOpen }),
    [byParagraph, active, onOpen],
  );
  const close = useCallback(() => setOpen(null), []);
  return { comments, chapterCount: counts.data?.chapter, open: current, openChapter, close };
}
