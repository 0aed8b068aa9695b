import { z } from 'zod';
import { isoDate } from './common.js';

/**
 * "Recently deleted" (docs/decisions/027-recently-deleted.md): a deleted story or chapter stays
 * in its author's trash for `TRASH_DAYS` days, then goes for good.
 */
export const TRASH_DAYS = 30;

export const TRASH_MESSAGES = {
  storyMoved: `Story moved to Recently deleted for ${TRASH_DAYS} days`,
  chapterMoved: `Chapter moved to Recently deleted for ${TRASH_DAYS} days`,
  storyRestored: 'Story restored',
  chapterRestored: 'Chapter restored',
  notInTrash: 'Not found in Recently deleted',
  restoreStoryFirst:
    'This chapter’s story is in Recently deleted too: restore the story first, then the chapter',
  listTitle: 'Recently deleted',
  listEmpty: 'When you delete a story or a chapter, you can bring it back from here.',
} as const;

/** Whole days left before `purgeAfter`, never below 0 (a day started counts as a day). */
export function trashDaysLeft(purgeAfter: string, now: Date = new Date()): number {
  const ms = Date.parse(purgeAfter) - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

export const deletedItem = z
  .object({
    kind: z.enum(['story', 'chapter']),
    id: z.string().describe('The story’s or the chapter’s id'),
    story_id: z.string(),
    title: z.string().describe('The story’s title, or the chapter’s'),
    story_title: z.string(),
    order: z
      .number()
      .int()
      .nullable()
      .describe('A chapter’s position in its story when it was deleted; null for a story'),
    chapters_count: z.number().int().nullable().describe('A story’s chapters; null for a chapter'),
    story_deleted: z
      .boolean()
      .describe('A chapter whose story is in Recently deleted too: restore the story first'),
    deleted_at: isoDate,
    purge_after: isoDate.describe('When it is deleted for good'),
  })
  .meta({ id: 'DeletedItem' });
export type DeletedItem = z.infer<typeof deletedItem>;
