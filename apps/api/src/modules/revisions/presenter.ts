import type { Revision, RevisionSummary } from '@storyloom/shared';
import type { RevisionSummaryRow } from './repo.js';

type Saver = Pick<RevisionSummaryRow, 'saved_by' | 'saved_by_username'>;

const author = (row: Saver) =>
  row.saved_by !== null && row.saved_by_username !== null
    ? { id: row.saved_by, username: row.saved_by_username }
    : null;

export const presentRevisionSummary = (row: RevisionSummaryRow): RevisionSummary => ({
  id: row.id,
  title: row.title,
  word_count: row.word_count,
  created_at: row.created_at,
  author: author(row),
});

export const presentRevision = (
  row: RevisionSummaryRow & { chapter_id: string; html: string },
): Revision => ({
  ...presentRevisionSummary(row),
  chapter_id: row.chapter_id,
  content: row.html,
});
