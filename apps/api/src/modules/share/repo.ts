import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** What a link preview of a story needs, with its author's name: one primary-key lookup. */
export function storyCard(db: Exec, id: string) {
  return db
    .selectFrom('stories as s')
    .innerJoin('users as u', 'u.id', 's.author_id')
    .select([
      's.id',
      's.title',
      's.description',
      's.genre',
      's.visibility',
      's.author_id',
      's.cover_image',
      's.rating',
      'u.username',
    ])
    .where('s.id', '=', id)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A user's preview fields and stored privacy settings, by id or (case-insensitive) username. */
export function profileCard(db: Exec, by: { id: string } | { username: string }) {
  const query = db
    .selectFrom('users as u')
    .leftJoin('user_settings as us', 'us.user_id', 'u.id')
    .select(['u.id', 'u.username', 'u.bio', 'u.profile_pic', 'us.settings'])
    // No preview of a suspended account (docs/decisions/025-moderation.md).
    .where('u.suspended_until', 'is', null);
  return (
    'id' in by
      ? query.where('u.id', '=', by.id)
      : query.where(sql<string>`lower(u.username)`, '=', by.username.toLowerCase())
  ).executeTakeFirst();
}
