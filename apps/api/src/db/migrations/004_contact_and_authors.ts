import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * The contact form's messages and the author directory (docs/decisions/019-authors-and-contact.md).
 * Only widens the schema (docs/decisions/015-schema-changes.md): the previous release runs
 * unchanged against it.
 *
 * - `contact_messages`: what people send through /contact, for the site's staff. The sender's
 *   account when they were signed in (kept as null once it is deleted); no address, no browser.
 * - `users.profile_public`: 1 while the user's profile is visible to everyone (settings'
 *   `profileVisibility` is 'public', the default). The directory ranks authors by followers only
 *   where the followers count is public, so a hidden profile's count cannot be read off the
 *   order. The settings service writes it with the settings; this migration fills it in for
 *   the users who hid their profile before it existed.
 * - `users_authors_idx`: the directory's order over users with public stories.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const pg = dialect === 'postgres';
  const id = pg ? 'uuid' : 'text';
  const ts = pg ? 'timestamptz' : 'text';

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // The staff's listing: newest first.
  await db.schema
    .createIndex('contact_messages_created_idx')
    .on('contact_messages')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('contact_messages_user_idx')
    .on('contact_messages')
    .column('user_id')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('profile_public', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await hideProfilesHiddenInSettings(db);

  // The directory's order, exactly as modules/discovery/repo.ts writes it: followers where they
  // are public, then the name in code-point order (unique, so pages never overlap), over the
  // users with at least one public story. Ends in id so the page's ids come from the index.
  const name = pg ? sql`(lower(username) collate "C")` : sql`lower(username)`;
  await sql`create index users_authors_idx on users (
      (case when profile_public = 1 then followers_count else 0 end) desc, ${name}, id
    ) where stories_count > 0`.execute(db);
}

const BATCH = 2_000;

/**
 * Users whose stored settings hide their profile ('friends' or 'private'; an unreadable value
 * reads as the default, 'public', as everywhere else). Few users hide their profile, and the
 * settings rows are read in batches, so this stays short even on a large users table.
 */
export async function hideProfilesHiddenInSettings(
  db: Kysely<unknown>,
  batch = BATCH,
): Promise<void> {
  const k = db as unknown as Kysely<{
    user_settings: { user_id: string; settings: string };
    users: { id: string; profile_public: number };
  }>;
  let after: string | null = null;
  for (;;) {
    let query = k
      .selectFrom('user_settings')
      .select(['user_id', 'settings'])
      .where('settings', 'like', '%profileVisibility%')
      .orderBy('user_id')
      .limit(batch);
    if (after !== null) query = query.where('user_id', '>', after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    after = rows.at(-1)!.user_id;
    const hidden = rows.filter((row) => hidesProfile(row.settings)).map((row) => row.user_id);
    if (hidden.length > 0) {
      await k.updateTable('users').set({ profile_public: 0 }).where('id', 'in', hidden).execute();
    }
  }
}

function hidesProfile(json: string): boolean {
  try {
    const value = (JSON.parse(json) as { profileVisibility?: unknown } | null)?.profileVisibility;
    return value === 'friends' || value === 'private';
  } catch {
    return false;
  }
}
