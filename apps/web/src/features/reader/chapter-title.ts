import { type Chapter, defaultChapterTitle } from '@storyloom/shared';

/** A chapter's title, or "Chapter N" for one without (N its 1-based position). */
export const chapterTitle = (chapter: Chapter, index: number) =>
  chapter.title || defaultChapterTitle(index + 1);
