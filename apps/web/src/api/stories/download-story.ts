import type { DownloadFormat } from '@storyloom/shared';
import { download } from '../../lib/api';

/**
 * `GET /stories/{id}/download?format=epub|html`: the story's published chapters as a file, with
 * the session's token (a Mature story goes to signed-in readers who show mature content).
 */
export const downloadStory = (id: string, format: DownloadFormat) =>
  download(`/stories/${encodeURIComponent(id)}/download`, {
    query: { format },
    // A long story's book takes longer to build and send than a JSON answer.
    timeoutMs: 60_000,
  });
