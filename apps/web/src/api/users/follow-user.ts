import type { FollowResult } from '@storyloom/shared';
import { post } from '../../lib/api';

/** `POST /users/{username}/follow` or `/unfollow`; answers the author's new follower count. */
export const followUser = (username: string, follow: boolean) =>
  post<FollowResult>(`/users/${encodeURIComponent(username)}/${follow ? 'follow' : 'unfollow'}`);
