import type { AuthorSummary, Me, Profile, PublicUser, UserCard } from '@storyloom/shared';
import type { UserRow } from '../../db/types.js';
import type { FollowListRow } from '../social/repo.js';
import type { ProfileAccess } from './privacy.js';

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
    role: user.role ?? null,
  };
}

/**
 * The author summary in story payloads. The picture is part of the profile: it shows only to
 * whoever sees the whole profile (`access` from privacy.ts), as on the profile page.
 */
export const presentAuthor = (
  user: Pick<UserRow, 'id' | 'username' | 'profile_pic'>,
  access: ProfileAccess,
): AuthorSummary => ({
  id: user.id,
  username: user.username,
  profile_pic: access.full ? user.profile_pic : null,
});

/**
 * `GET /users/{username}` as `access` allows: a hidden profile carries only id, username and
 * the caller's own relation to it.
 */
export function presentProfile(
  user: UserRow,
  context: {
    access: ProfileAccess;
    isMe: boolean;
    /** Undefined for visitors and for the user themselves. */
    isFollowing: boolean | undefined;
    /** Reads and visible comments of the user's public stories. */
    totals: { reads: number; comments: number };
  },
): Profile {
  const { access, isMe, isFollowing } = context;
  const base = {
    id: user.id,
    username: user.username,
    restricted: !access.full,
    is_me: isMe,
    ...(isFollowing === undefined ? {} : { is_following: isFollowing }),
  };
  if (!access.full) return base;
  return {
    ...base,
    ...(access.email ? { email: user.email } : {}),
    bio: user.bio,
    profile_pic: user.profile_pic,
    followers_count: Math.max(0, user.followers_count),
    following_count: Math.max(0, user.following_count),
    stories_count: Math.max(0, user.stories_count),
    total_reads: Math.max(0, context.totals.reads),
    total_comments: Math.max(0, context.totals.comments),
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/** An item of a followers/following list, as the listed user's privacy allows. */
export function presentUserCard(
  row: FollowListRow,
  context: { access: ProfileAccess; isFollowing: boolean | undefined },
): UserCard {
  const base = {
    id: row.id,
    username: row.username,
    restricted: !context.access.full,
    followed_at: row.followed_at,
    ...(context.isFollowing === undefined ? {} : { is_following: context.isFollowing }),
  };
  if (!context.access.full) return base;
  return {
    ...base,
    bio: row.bio,
    profile_pic: row.profile_pic,
    followers_count: Math.max(0, row.followers_count),
    stories_count: Math.max(0, row.stories_count),
  };
}
