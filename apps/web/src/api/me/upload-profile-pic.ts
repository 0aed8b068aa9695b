import type { Me } from '@storyloom/shared';
import { upload } from '../../lib/api';

/** `POST /users/me/profile-pic` with the cropped picture as `file`; answers the updated user. */
export const uploadProfilePic = (file: File) => upload<Me>('/users/me/profile-pic', { file });
