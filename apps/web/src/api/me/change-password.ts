import type { TokenResponse } from '@storyloom/shared';
import { post } from '../../lib/api';

/** `POST /users/me/password`; answers a fresh token (every older session is signed out). */
export const changePassword = (oldPassword: string, newPassword: string) =>
  post<TokenResponse>('/users/me/password', {
    old_password: oldPassword,
    new_password: newPassword,
  });
