import type { Story } from '@storyloom/shared';
import { upload } from '../../lib/api';

/** `PATCH /stories/{id}/cover` with the new cover as a file; answers the updated story. */
export const replaceStoryCover = (id: string, cover: File) =>
  upload<Story>(`/stories/${encodeURIComponent(id)}/cover`, { cover }, { method: 'PATCH' });
