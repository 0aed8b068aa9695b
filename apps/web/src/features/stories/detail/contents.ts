import { type ChapterSummary, readingMinutes, type StoryDetail } from '@storyloom/shared';

/** The reader at the story's start (or, for a signed-in reader, where they stopped), or at chapter `n`. */
export const readerPath = (id: string, chapter?: number) =>
  `/stories/${encodeURIComponent(id)}/read${chapter ? `?chapter=${chapter}` : ''}`;

export interface ContentsEntry {
  chapter: ChapterSummary;
  /**
   * The chapter's number in the reader (`?chapter=n`, its place among the published chapters);
   * null for a draft, which only its author sees listed and no reader can open.
   */
  number: number | null;
}

/** The table of contents' lines, numbered as the reader numbers them. */
export function contentsEntries(chapters: readonly ChapterSummary[]): ContentsEntry[] {
  let number = 0;
  return chapters.map((chapter) => ({
    chapter,
    number: chapter.published ? ++number : null,
  }));
}

export interface StoryLength {
  chapters: number;
  words: number;
  /** Minutes to read the whole story (the one reading pace, `readingMinutes`). */
  minutes: number;
}

/** What a reader gets: the published chapters, their words and the time to read them. */
export function storyLength(chapters: readonly ChapterSummary[]): StoryLength {
  let count = 0;
  let words = 0;
  for (const chapter of chapters) {
    if (!chapter.published) continue;
    count += 1;
    words += chapter.word_count;
  }
  return { chapters: count, words, minutes: readingMinutes(words) };
}

/**
 * Where a returning signed-in reader goes on: the chapter they last opened, numbered as the
 * reader numbers it. Until the table of contents has loaded, the server's own number for it
 * (its place among all chapters, which differs only when a draft comes before it).
 */
export function continueAt(
  progress: StoryDetail['progress'],
  entries: readonly ContentsEntry[] | undefined,
): { chapterId: string; number: number } | null {
  if (!progress) return null;
  if (!entries) return { chapterId: progress.chapter_id, number: progress.order };
  const entry = entries.find((e) => e.chapter.id === progress.chapter_id);
  return entry?.number ? { chapterId: progress.chapter_id, number: entry.number } : null;
}
