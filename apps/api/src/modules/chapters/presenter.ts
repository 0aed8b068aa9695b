import type { Chapter, ChapterSummary } from '@storyloom/shared';
import type { ChapterRow } from '../../db/types.js';
import { hiddenNotice } from '../stories/presenter.js';
import type { ChapterSummaryRow } from './repo.js';

/** `position` travels as `order` (the clients' name for it); the 0/1 flag as a boolean. */
export function presentChapter(row: ChapterRow): Chapter {
  return {
    id: row.id,
    story_id: row.story_id,
    title: row.title,
    content: row.content,
    order: row.position,
    published: row.published === 1,
    word_count: row.word_count,
    reads_count: Math.max(0, row.reads_count),
    published_at: row.published_at,
    ...(row.publish_at ? { publish_at: row.publish_at } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.hidden_at ? { hidden: hiddenNotice(row) } : {}),
  };
}

/** A table-of-contents line: the chapter without its text. */
export function presentChapterSummary(row: ChapterSummaryRow): ChapterSummary {
  return {
    id: row.id,
    title: row.title,
    order: row.position,
    published: row.published === 1,
    word_count: row.word_count,
    published_at: row.published_at,
    ...(row.publish_at ? { publish_at: row.publish_at } : {}),
  };
}
