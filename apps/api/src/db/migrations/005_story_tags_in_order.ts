import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Every story payload carries its tags in their order: `tagsOf` reads them for a page of
 * stories at once (docs/decisions/020-speed-every-visitor-gets.md). The primary key
 * (story_id, tag_key) finds a story's tags but not their order or text, so each tag cost a
 * visit to the table as well; this index holds all three, and the query reads it alone (on a
 * 100k library, the tags of a page of 12 stories: 0.32 ms → 0.05 ms on SQLite).
 *
 * Only widens the schema (docs/decisions/015-schema-changes.md): the previous release runs
 * unchanged against it.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex('story_tags_story_order_idx')
    .on('story_tags')
    .columns(['story_id', 'position', 'tag'])
    .execute();
}
