/** Query keys of the profile area, so mutations can invalidate what they change. */
export const profileKeys = {
  /** Every profile (a follow changes two users' counts). */
  all: ['profile'] as const,
  detail: (username: string) => ['profile', username.toLowerCase()] as const,
  stories: (username: string) => ['profile-stories', username.toLowerCase()] as const,
  followList: (username: string, side: FollowSide) =>
    ['follow-list', username.toLowerCase(), side] as const,
  /** Shared with the library page: the signed-in user's saved stories. */
  saved: (limit: number) => ['library', 'saved', { limit }] as const,
};

export type FollowSide = 'followers' | 'following';

/** Stories per page on a profile: three rows of four on a wide screen. */
export const PROFILE_PAGE_SIZE = 12;
