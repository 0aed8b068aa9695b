import type { Kysely } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Blocks and mutes (issue 21, docs/decisions/024-blocks-and-mutes.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md): two new tables, which the previous release never reads.
 *
 * - `blocks (blocker_id, blocked_id)`: the primary key answers "did B block A" (the comment and
 *   follow checks, the notification policy) and the blocker's own list;
 *   `blocks_blocked_idx (blocked_id, blocker_id)` answers the other direction (who blocked me)
 *   and serves the cascade when the blocked account is deleted.
 * - `mutes (muter_id, muted_id)`: the same shape. The primary key is what every list filter
 *   probes (the muter's muted authors); `mutes_muted_idx` the reverse and the cascade.
 *
 * Both cascade on the deletion of either account. Numbered 010 so that 009, written on
 * another branch, keeps its slot.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';

  for (const [table, actor, subject] of [
    ['blocks', 'blocker_id', 'blocked_id'],
    ['mutes', 'muter_id', 'muted_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(actor, id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn(subject, id, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [actor, subject])
      .execute();
    await db.schema
      .createIndex(`${table}_${subject.replace('_id', '')}_idx`)
      .on(table)
      .columns([subject, actor])
      .execute();
  }
}
