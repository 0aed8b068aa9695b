import type { Me } from '@storyloom/shared';
import { patch, upload } from '../../../lib/api';

/** `POST /users/me/profile-pic` with the cropped picture as `file`; answers the updated user. */
export const uploadProfilePic = (file: File) => upload<Me>('/users/me/profile-pic', { file });

/** `PATCH /users/me`: the bio, and `profile_pic: null` to remove the picture. */
export const updateMe = (changes: { bio?: string | null; profile_pic?: null }) =>
  patch<Me>('/users/me', changes);
