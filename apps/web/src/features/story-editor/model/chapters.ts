import { type ChapterDraft, newChapter } from './story-form';

/** List operations of the chapter editor; the list order is the chapters' order. */

export const addChapter = (chapters: readonly ChapterDraft[], published = false) => {
  const added = newChapter(chapters.length + 1, published);
  return { chapters: [...chapters, added], added };
};

/** Null when `key` is the last chapter left: a story keeps at least one. */
export function removeChapter(chapters: readonly ChapterDraft[], key: string) {
  if (chapters.length <= 1) return null;
  return chapters.filter((chapter) => chapter.key !== key);
}

/** Moves a chapter one place up (-1) or down (+1); unchanged at the ends. */
export function moveChapter(chapters: readonly ChapterDraft[], key: string, delta: -1 | 1) {
  const from = chapters.findIndex((chapter) => chapter.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= chapters.length) return [...chapters];
  const next = [...chapters];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

export const updateChapter = (
  chapters: readonly ChapterDraft[],
  key: string,
  patch: Partial<Omit<ChapterDraft, 'key'>>,
) => chapters.map((chapter) => (chapter.key === key ? { ...chapter, ...patch } : chapter));
