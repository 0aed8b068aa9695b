import { STORY_MESSAGES } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { ChapterRow, StoryRow } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ChapterService } from '../chapters/service.js';
import { findRevision, listRevisions, unpackContent } from './repo.js';

export const revisionNotFound = () => notFound(STORY_MESSAGES.revisionNotFound);

/**
 * A chapter's revision history (decision 026). Callers have checked that the viewer is the
 * story's author (routes.ts); a restore goes through the chapter service's save, so it is
 * itself recorded as a new revision.
 */
export function createRevisionService({ db, chapters }: { db: Db; chapters: ChapterService }) {
  const k = db.kysely;

  const read = async (chapterId: string, revisionId: string) => {
    if (!isUuid(revisionId)) throw revisionNotFound();
    const row = await findRevision(k, chapterId, revisionId);
    if (!row) throw revisionNotFound();
    return { ...row, html: unpackContent(row.content) };
  };

  return {
    list: (chapterId: string, page: number, limit: number) =>
      listRevisions(k, chapterId, limit, (page - 1) * limit),

    read,

    async restore(story: StoryRow, chapter: ChapterRow, revisionId: string): Promise<ChapterRow> {
      const revision = await read(chapter.id, revisionId);
      return chapters.update(story, chapter, { title: revision.title, content: revision.html });
    },
  };
}
export type RevisionService = ReturnType<typeof createRevisionService>;
