import { createChapter } from '../../../api/chapters/create-chapter';
import { deleteChapter } from '../../../api/chapters/delete-chapter';
import { updateChapter } from '../../../api/chapters/update-chapter';
import { removeStoryCover } from '../../../api/stories/remove-story-cover';
import { replaceStoryCover } from '../../../api/stories/replace-story-cover';
import { updateStory } from '../../../api/stories/update-story';
import type { SaveApi } from './save-story';

/** The calls one editor save makes for story `id`: its fields, its cover and its chapters. */
export function saveApi(id: string): SaveApi {
  return {
    updateStory: (changes) => updateStory(id, changes),
    replaceCover: (file) => replaceStoryCover(id, file),
    removeCover: () => removeStoryCover(id),
    createChapter: (input) => createChapter({ story_id: id, ...input }),
    updateChapter,
    deleteChapter,
  };
}
