import type { Story, UpdateStoryBody } from '@storyloom/shared';
import { patch } from '../../lib/api';

/** The fields to change, as `PATCH /stories/{id}` names them; the server checks the genre. */
export type StoryChanges = Partial<Omit<UpdateStoryBody, 'genre' | 'settings'>> & {
  genre?: string;
};

/** `PATCH /stories/{id}`: answers the updated story. */
export const updateStory = (id: string, changes: StoryChanges) =>
  patch<Story>(`/stories/${encodeURIComponent(id)}`, changes);
