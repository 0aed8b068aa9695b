import type { SaveResult } from '@storyloom/shared';
import { del, post } from '../../lib/api';

/** `POST` (save) or `DELETE` (remove) `/library/{storyId}`; answers whether it is saved. */
export function saveToLibrary(storyId: string, save: boolean): Promise<SaveResult> {
  const path = `/library/${encodeURIComponent(storyId)}`;
  return save ? post<SaveResult>(path) : del<SaveResult>(path);
}
