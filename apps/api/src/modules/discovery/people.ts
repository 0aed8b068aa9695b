import type { UserSummary } from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.js';
import { accessToMany } from '../users/privacy.js';

/**
 * Users as search results and suggestions, each as its owner's privacy settings allow the
 * viewer (modules/users/privacy.ts): a hidden profile shows only id and username.
 */
export async function userSummaries(
  db: Kysely<Database>,
  viewer: { id: string } | null,
  users: UserRow[],
): Promise<UserSummary[]> {
  const access = await accessToMany(
    db,
    viewer,
    users.map((user) => user.id),
  );
  return users.map((user) => {
    const base = { id: user.id, username: user.username };
    if (!access.get(user.id)?.full) return { ...base, restricted: true };
    return {
      ...base,
      restricted: false,
      bio: user.bio,
      profile_pic: user.profile_pic,
      followers_count: Math.max(0, user.followers_count),
      stories_count: Math.max(0, user.stories_count),
    };
  });
}
