import { useCallback, useMemo, useState } from 'react';
import { useCommentCounts } from '../../../api/comments/get-comment-counts';
import type { ParagraphComments } from '../components/chapter-paragraphs';

type OpenParagraph = { chapterId: string; index: number; html: string };

/**
 * The paragraph comments of the chapter on screen: each paragraph's count (one call per
 * chapter) and which paragraph's thread is open. Another chapter closes it.
 */
export function useParagraphThreads(chapterId: string | undefined) {
  const counts = useCommentCounts(chapterId);
  const [open, setOpen] = useState<OpenParagraph | null>(null);
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
      if (chapterId) setOpen({ chapterId, index, html });
    },
    [chapterId],
  );
  const active = current?.index ?? null;
  const comments = useMemo<ParagraphComments>(
    () => ({ counts: byParagraph, active, onOpen }),
    [byParagraph, active, onOpen],
  );
  const close = useCallback(() => setOpen(null), []);
  return { comments, open: current, close };
}
