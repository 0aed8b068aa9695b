import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Moderation (issue 21, docs/decisions/025-moderation.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md): nullable columns and new tables, none of which the
 * previous release reads. A story or chapter the moderators hide is also made private or
 * unpublished, the shapes the previous release already keeps out of every list, so a release
 * running beside this one during a deploy hides it too.
 *
 * - `users.role` (null: a plain user; 'moderator' or 'admin') and `users.suspended_until`
 *   (null, or until when; the year 9999 stands for good).
 * - `hidden_at`, `hidden_reason`, `hidden_cause` ('moderation' for one piece, 'suspension' for
 *   everything of a suspended author) on stories, chapters and comments; stories keep the
 *   visibility and chapters the published flag they had, to restore them.
 * - `notifications.detail`: JSON of what a moderation notice says (the reason, the outcome).
 * - `reports`: one open report per reporter and target (`reports_open_once`, partial unique),
 *   the queue read by `reports_queue_idx`.
 * - `moderation_actions`: the audit log, append-only. No code path updates or deletes it, it
 *   has no foreign key that could cascade into it, and triggers on both engines refuse an
 *   UPDATE or DELETE.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema.alterTable('users').addColumn('role', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_until', ts).execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();
  for (const table of ['stories', 'chapters', 'comments']) {
    await db.schema.alterTable(table).addColumn('hidden_at', ts).execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('hidden_cause', 'text').execute();
  }
  // Hidden comments are few: the threads' totals subtract them through this small partial
  // index and keep counting everything else from their covering indexes (comments/repo.ts).
  await db.schema
    .createIndex('comments_hidden_idx')
    .on('comments')
    .columns(['chapter_id', 'parent_id', 'paragraph_key'])
    .where(sql.ref('hidden_at'), 'is not', null)
    .execute();
  await db.schema.alterTable('stories').addColumn('visibility_before_hidden', 'text').execute();
  await db.schema.alterTable('chapters').addColumn('published_before_hidden', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('detail', 'text').execute();
  // Staff are few: the admin pages list them by role.
  await db.schema
    .createIndex('users_role_idx')
    .on('users')
    .column('role')
    .where(sql.ref('role'), 'is not', null)
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('reporter_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', id, (c) => c.notNull())
    // Whose content it is, for the queue and for a suspension's reach; null once deleted.
    .addColumn('target_owner_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('resolved_at', ts)
    .addColumn('resolution', 'text')
    .execute();
  await db.schema
    .createIndex('reports_open_once')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_queue_idx')
    .on('reports')
    .columns(['status', 'target_type', 'target_id', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').column('reporter_id').execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', id, (c) => c.primaryKey())
    // No foreign keys: an account deleted later must not take its audit entries with it.
    .addColumn('staff_id', id, (c) => c.notNull())
    .addColumn('staff_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_created_idx')
    .on('moderation_actions')
    .columns(['created_at', 'id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`create function moderation_actions_append_only() returns trigger
      language plpgsql as $$
      begin
        raise exception 'moderation_actions is append-only';
      end $$`.execute(db);
    await sql`create trigger moderation_actions_no_change
      before update or delete on moderation_actions
      for each row execute function moderation_actions_append_only()`.execute(db);
  } else {
    for (const op of ['update', 'delete'])
      await sql`${sql.raw(`create trigger moderation_actions_no_${op}
        before ${op} on moderation_actions
        begin select raise(abort, 'moderation_actions is append-only'); end`)}`.execute(db);
  }
}
