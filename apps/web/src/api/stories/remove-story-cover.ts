import type { Story } from '@storyloom/shared';
import { del } from '../../lib/api';

/** `DELETE /stories/{id}/cover`: back to the generated cover art; answers the updated story. */
export const removeStoryCover = (id: string) =>
  del<Story>(`/stories/${encodeURIComponent(id)}/cover`);
