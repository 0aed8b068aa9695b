import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

/** `POST /auth/forgot-password {email}`: the same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<void> {
  return post<null>('/auth/forgot-password', { email }, { token: null }).then(() => undefined);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
