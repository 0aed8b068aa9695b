import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Notifications (issue 20, docs/decisions/022-notifications.md). Only widens the schema
 * (docs/decisions/015-schema-changes.md): new tables, so the previous release runs unchanged
 * against it.
 *
 * - `notifications`: what one person is told. `group_key` names what it is about (a like of
 *   story S, a comment C, a new chapter H, a follow by F); while it is unread, more of the same
 *   (another like of S) join it as actors instead of adding rows, and the unique
 *   `notifications_open_idx` makes that hold under concurrent workers. `seq` orders every
 *   change (a new notification, or a new actor joining one) across all users: the stream
 *   resumes after the last `seq` a client saw (`Last-Event-ID`), and lists show the latest
 *   change first.
 * - `notification_actors`: who a notification is about, each once.
 * - `notification_seq`: the one counter `seq` is drawn from. Drawing takes its row lock until
 *   commit (PostgreSQL), so numbers become visible in the order they were drawn and a stream
 *   that has seen `seq` n never later meets a smaller one.
 * - `notification_mail_state`: per person, the last notification an email told of, when, and the
 *   mail batch waiting to go (at most one): replies, mentions and follows are mailed in
 *   batches, a few a day at most (mails.ts).
 * - `scheduled_runs`: one row per run of a periodic job (the weekly digest of week W), inserted
 *   with the job, so however many processes schedule it, it is enqueued once.
 * - Two indexes the new chapter's fan-out pages by (followers of an author, savers of a story).
 * - `job_progress`: how far a job that works in batches got, written in each batch's
 *   transaction, so a job run again after its worker died resumes instead of repeating
 *   (jobs/progress.ts).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const ts = pg ? 'timestamptz' : 'text';
  const counter = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('group_key', 'text', (c) => c.notNull())
    .addColumn('story_id', id, (c) => c.references('stories.id').onDelete('cascade'))
    .addColumn('chapter_id', id, (c) => c.references('chapters.id').onDelete('cascade'))
    .addColumn('comment_id', id, (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('actors_count', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('seq', counter, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('read_at', ts)
    .execute();
  // The list, newest change first, and the stream's "everything after seq n".
  await db.schema
    .createIndex('notifications_user_seq_idx')
    .on('notifications')
    .columns(['user_id', 'seq'])
    .unique()
    .execute();
  // One open (unread) notification per thing; also the unread count, from the index alone.
  await sql`create unique index notifications_open_idx on notifications (user_id, group_key)
    where read_at is null`.execute(db);
  // The cascades, and taking back what a story made private or a chapter unpublished told.
  await db.schema
    .createIndex('notifications_story_idx')
    .on('notifications')
    .column('story_id')
    .execute();
  await db.schema
    .createIndex('notifications_chapter_idx')
    .on('notifications')
    .column('chapter_id')
    .execute();
  await db.schema
    .createIndex('notifications_comment_idx')
    .on('notifications')
    .column('comment_id')
    .execute();

  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', id, (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('actor_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute();
  await db.schema
    .createIndex('notification_actors_actor_idx')
    .on('notification_actors')
    .column('actor_id')
    .execute();

  await db.schema
    .createTable('notification_seq')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', counter, (c) => c.notNull())
    .execute();
  await sql`insert into notification_seq (id, value) values (1, 0)`.execute(db);

  // A new chapter's fan-out pages through the author's followers and the story's savers by
  // user id: these hold both, so each page is a range read, whatever the count.
  await db.schema
    .createIndex('follows_followee_follower_idx')
    .on('follows')
    .columns(['followee_id', 'follower_id'])
    .execute();
  await db.schema
    .createIndex('saves_story_user_idx')
    .on('saves')
    .columns(['story_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('notification_mail_state')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mailed_seq', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('last_mailed_at', ts)
    .addColumn('pending_job_id', id)
    .execute();

  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('job_id', id, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('scheduled_runs_pk', ['name', 'period'])
    .execute();

  await db.schema
    .createTable('job_progress')
    .addColumn('job_id', id, (c) => c.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('cursor', 'text')
    .addColumn('done_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
}
