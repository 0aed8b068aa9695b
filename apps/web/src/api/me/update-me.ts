import type { Me } from '@storyloom/shared';
import { patch } from '../../lib/api';

/** `PATCH /users/me`: the bio, and `profile_pic: null` to remove the picture. */
export const updateMe = (changes: { bio?: string | null; profile_pic?: null }) =>
  patch<Me>('/users/me', changes);
