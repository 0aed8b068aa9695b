import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/types.js';
import { nowIso } from '../../lib/time.js';

type Exec = Kysely<Database> | Transaction<Database>;

export const findUserById = (db: Exec, id: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Exec, email: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

/** Usernames are unique case-insensitively; the lookup uses the lower(username) index. */
export const findUserByUsername = (db: Exec, username: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();

export const findUserByGoogleSub = (db: Exec, sub: string): Promise<UserRow | undefined> =>
  db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

export async function insertUser(db: Exec, user: NewUser): Promise<UserRow> {
  await db.insertInto('users').values(user).execute();
  return (await findUserById(db, user.id))!;
}

export async function updateUser(db: Exec, id: string, changes: UserUpdate): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Revokes every token issued to the user so far. */
export async function bumpTokenVersion(db: Exec, id: string): Promise<number> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/**
 * Deletes a user and everything they own. Counters on other rows that counted this user's
 * follows and likes are decremented first, in the same transaction.
 */
export async function deleteUserCascade(trx: Transaction<Database>, id: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where(
      'id',
      'in',
      trx.selectFrom('follows').select('followee_id').where('follower_id', '=', id),
    )
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where(
      'id',
      'in',
      trx.selectFrom('follows').select('follower_id').where('followee_id', '=', id),
    )
    .execute();
  await trx
    .updateTable('stories')
    .set((eb) => ({
      votes_count: eb('votes_count', '-', 1),
      popular_score: eb('popular_score', '-', 10),
    }))
    .where('id', 'in', trx.selectFrom('likes').select('story_id').where('user_id', '=', id))
    .where('author_id', '<>', id)
    .execute();
  // Rows referencing the user (stories and their chapters, follows, likes, saves, progress,
  // settings, email tokens) go by ON DELETE CASCADE; read events keep counting, anonymised.
  await trx.deleteFrom('users').where('id', '=', id).execute();
}
