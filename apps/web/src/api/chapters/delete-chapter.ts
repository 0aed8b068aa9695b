import { del } from '../../lib/api';

/** `DELETE /chapters/{id}`; the server refuses to delete a story's last chapter. */
export const deleteChapter = (id: string) =>
  del<null>(`/chapters/${encodeURIComponent(id)}`).then(() => undefined);
