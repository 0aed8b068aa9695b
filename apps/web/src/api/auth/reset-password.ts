import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

export type ResetPasswordInput = { token: string; newPassword: string };

/** `POST /auth/reset-password {token, new_password}`; the server then revokes every session. */
export function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  return post<null>(
    '/auth/reset-password',
    { token, new_password: newPassword },
    { token: null },
  ).then(() => undefined);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
