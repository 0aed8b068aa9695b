import type { Chapter, Story } from '@storyloom/shared';
import { del, patch, post, upload } from '../../../lib/api';
import type { SaveApi } from '../model/save-story';

/** The calls one editor save makes for story `id` (spec §7: stories and chapters). */
export function saveApi(id: string): SaveApi {
  const storyPath = `/stories/${encodeURIComponent(id)}`;
  const chapterPath = (chapterId: string) => `/chapters/${encodeURIComponent(chapterId)}`;
  return {
    updateStory: (body) => patch<Story>(storyPath, body),
    replaceCover: (file) =>
      upload<Story>(`${storyPath}/cover`, { cover: file }, { method: 'PATCH' }),
    removeCover: () => del<Story>(`${storyPath}/cover`),
    createChapter: (input) => post<Chapter>('/chapters', { story_id: id, ...input }),
    updateChapter: (chapterId, body) => patch<Chapter>(chapterPath(chapterId), body),
    deleteChapter: (chapterId) => del<null>(chapterPath(chapterId)).then(() => undefined),
  };
}
