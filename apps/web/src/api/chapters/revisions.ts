import type { Chapter, Revision, RevisionPage } from '@storyloom/shared';
import { get, post } from '../../lib/api';

/** Query keys of a chapter's revision history (its author only). */
export const revisionKeys = {
  all: (chapterId: string) => ['chapter-revisions', chapterId] as const,
  page: (chapterId: string, page: number) =>
    ['chapter-revisions', chapterId, 'page', page] as const,
  one: (chapterId: string, revisionId: string) =>
    ['chapter-revisions', chapterId, 'one', revisionId] as const,
};

const base = (chapterId: string) => `/chapters/${encodeURIComponent(chapterId)}/revisions`;

/** `GET /chapters/{id}/revisions`: newest first, without their text. */
export const getRevisions = (chapterId: string, page: number, signal?: AbortSignal) =>
  get<RevisionPage>(base(chapterId), { query: { page, limit: 50 }, ...(signal ? { signal } : {}) });

/** `GET /chapters/{id}/revisions/{revisionId}`: one revision with its text. */
export const getRevision = (chapterId: string, revisionId: string, signal?: AbortSignal) =>
  get<Revision>(`${base(chapterId)}/${encodeURIComponent(revisionId)}`, {
    ...(signal ? { signal } : {}),
  });

/** `POST …/restore`: the chapter takes the revision's title and text (a new revision). */
export const restoreRevision = (chapterId: string, revisionId: string) =>
  post<Chapter>(`${base(chapterId)}/${encodeURIComponent(revisionId)}/restore`);
