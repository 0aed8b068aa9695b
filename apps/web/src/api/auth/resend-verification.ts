import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

/** `POST /auth/resend-verification` for the signed-in user. */
export function resendVerification(): Promise<void> {
  return post<null>('/auth/resend-verification').then(() => undefined);
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
