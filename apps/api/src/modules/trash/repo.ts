import { TRASH_DAYS } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { DAY } from '../../lib/time.js';

/**
 * The trash's own rows (`deleted_items`, migration 013): one per story or chapter in its
 * author's "Recently deleted" (docs/decisions/027-recently-deleted.md).
 */
type Exec = Kysely<Database> | Transaction<Database>;

export const purgeAfterOf = (deletedAt: string): string =>
  new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY).toISOString();

export async function insertDeletedItem(
  db: Exec,
  item: { kind: 'story' | 'chapter'; id: string; authorId: string; storyId: string; at: string },
): Promise<void> {
  await db
    .insertInto('deleted_items')
    .values({
      item_id: item.id,
      kind: item.kind,
      author_id: item.authorId,
      story_id: item.storyId,
      deleted_at: item.at,
      purge_after: purgeAfterOf(item.at),
    })
    .execute();
}

export const findDeletedItem = (db: Exec, id: string) =>
  db.selectFrom('deleted_items').selectAll().where('item_id', '=', id).executeTakeFirst();

export async function removeDeletedItem(db: Exec, id: string): Promise<void> {
  await db.deleteFrom('deleted_items').where('item_id', '=', id).execute();
}

/**
 * Everything others were told about a story or chapter, and the author's own notices of it,
 * go when it is deleted, as a real deletion took them (ON DELETE CASCADE); a restore does not
 * bring them back.
 */
export async function forgetNotificationsOf(
  db: Exec,
  column: 'story_id' | 'chapter_id',
  id: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('notifications')
    .where(column, '=', id)
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((row) => row.user_id))];
}

/**
 * A page of the author's trash, newest deletion first (deleted_items_author_idx), with the
 * titles and positions the list shows: primary-key joins, one row per item.
 */
export async function deletedItemsPage(db: Exec, authorId: string, offset: number, limit: number) {
  const base = db.selectFrom('deleted_items as d').where('d.author_id', '=', authorId);
  const rows = await base
    .innerJoin('stories as s', 's.id', 'd.story_id')
    .leftJoin('chapters as c', (join) =>
      join.onRef('c.id', '=', 'd.item_id').on('d.kind', '=', 'chapter'),
    )
    .select([
      'd.item_id',
      'd.kind',
      'd.story_id',
      'd.deleted_at',
      'd.purge_after',
      's.title as story_title',
      's.deleted_at as story_deleted_at',
      's.chapters_count',
      'c.title as chapter_title',
      'c.position as chapter_position',
    ])
    .orderBy('d.deleted_at', 'desc')
    .orderBy('d.item_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { total } = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
export type DeletedItemRow = Awaited<ReturnType<typeof deletedItemsPage>>['rows'][number];
