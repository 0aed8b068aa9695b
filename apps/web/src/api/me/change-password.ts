import type { TokenResponse } from '@storyloom/shared';
import { post } from '../../lib/api';

/**
 * `POST /users/me/password`: every other session ends, this one carries on; answers a fresh
 * token of this session.
 */
export const changePassword = (oldPassword: string, newPassword: string) =>
  post<TokenResponse>('/users/me/password', {
    old_password: oldPassword,
    new_password: newPassword,
  });
