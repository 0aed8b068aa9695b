import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Scheduled chapters (issue 22, docs/decisions/028-scheduled-chapters.md). Only widens the
 * schema (docs/decisions/015-schema-changes.md): one nullable column the previous release does
 * not read. A scheduled chapter is an unpublished one (`published` 0), the shape the previous
 * release already keeps from everyone but its author, so a release running beside this one
 * during a deploy hides it too.
 *
 * - `chapters.publish_at`: when the chapter is to be published (UTC), or null when it is not
 *   scheduled. The `publish-chapter` job made with it carries the same time, and publishes only
 *   while the column still holds it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  await db.schema.alterTable('chapters').addColumn('publish_at', ts).execute();
}
