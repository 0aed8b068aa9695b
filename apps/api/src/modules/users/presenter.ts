import type { AuthorSummary, Me, PublicUser } from '@storyloom/shared';
import type { UserRow } from '../../db/types.js';

/** Never return a raw row: these decide which fields of a user leave the server. */
export function presentUser(user: UserRow, options: { showEmail?: boolean } = {}): PublicUser {
  return {
    id: user.id,
    username: user.username,
    ...(options.showEmail ? { email: user.email } : {}),
    bio: user.bio,
    profile_pic: user.profile_pic,
    followers_count: Math.max(0, user.followers_count),
    following_count: Math.max(0, user.following_count),
    stories_count: Math.max(0, user.stories_count),
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

export function presentMe(user: UserRow): Me {
  return {
    ...presentUser(user),
    email: user.email,
    email_verified: user.email_verified_at !== null,
    has_password: user.password_hash !== null,
    google_linked: user.google_sub !== null,
  };
}

export const presentAuthor = (
  user: Pick<UserRow, 'id' | 'username' | 'profile_pic'>,
): AuthorSummary => ({
  id: user.id,
  username: user.username,
  profile_pic: user.profile_pic,
});
