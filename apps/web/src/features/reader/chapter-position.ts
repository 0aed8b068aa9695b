import { readingMinutes } from '@storyloom/shared';
/**
 * Which chapter the reader shows. The URL carries it as `?chapter=n` (1-based position among
 * the published chapters), so a link or a reload opens the same one.
 */
export const CHAPTER_PARAM = 'chapter';

/** `?chapter=n` as a whole number ≥ 1, or null when absent or not a number. */
export function parseChapterParam(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 ? n : null;
}

/**
 * The 0-based index to show: the URL's chapter (beyond the last one means the last one), else
 * the chapter the reader last opened, else the first.
 */
export function chapterIndexFor(
  requested: number | null,
  chapterIds: readonly string[],
  savedChapterId: string | null | undefined,
): number {
  const total = chapterIds.length;
  if (total === 0) return 0;
  if (requested !== null) return Math.min(requested, total) - 1;
  const saved = savedChapterId ? chapterIds.indexOf(savedChapterId) : -1;
  return saved >= 0 ? saved : 0;
}

/** Minutes to read at the one reading pace (READING_WORDS_PER_MINUTE), at least 1. */
export const minutesToRead = (words: number) => Math.max(1, readingMinutes(words));

/**
 * How far through a chapter the reader is, 0 to 1, from its article's box: 0 while its top is
 * still at or below the top of the window, 1 once its end is in view (so a chapter shorter than
 * the window is read at once).
 */
export function chapterProgress(top: number, height: number, viewport: number): number {
  const distance = height - viewport;
  if (distance <= 0) return 1;
  return Math.min(1, Math.max(0, -top / distance));
}
