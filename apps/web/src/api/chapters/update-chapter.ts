import type { Chapter, UpdateChapterBody } from '@storyloom/shared';
import { patch } from '../../lib/api';

/** `PATCH /chapters/{id}`: its title, content, published flag or position. */
export const updateChapter = (id: string, changes: UpdateChapterBody) =>
  patch<Chapter>(`/chapters/${encodeURIComponent(id)}`, changes);
