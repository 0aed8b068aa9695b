/** Which list of people around a user: who follows them, or whom they follow. */
export type FollowSide = 'followers' | 'following';

/**
 * Query keys of users. Names are matched without regard to case, as the server does. A follow
 * changes two users' counts: invalidating `profiles` refreshes every profile.
 */
export const userKeys = {
  profiles: ['profile'] as const,
  /** `GET /users/{username}`: the profile page and a story's author card share this entry. */
  profile: (username: string) => ['profile', username.toLowerCase()] as const,
  /** Every user's story list: what they hold depends on the viewer's Show mature content. */
  storiesAll: ['profile-stories'] as const,
  stories: (username: string) => ['profile-stories', username.toLowerCase()] as const,
  follows: (username: string, side: FollowSide) =>
    ['follow-list', username.toLowerCase(), side] as const,
  search: (q: string) => ['users', 'search', q] as const,
  /** Every list of suggested authors: following someone changes who is suggested. */
  suggestedAll: ['users', 'suggested'] as const,
  suggested: (limit: number) => ['users', 'suggested', { limit }] as const,
  authors: (page: number) => ['users', 'authors', { page }] as const,
};
