import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

/** `POST /auth/verify-email {token}`: any ok answer means verified. */
export function verifyEmail(token: string): Promise<void> {
  // Anonymous on purpose: a stale session in this browser must not turn it into a 401.
  return post<null>('/auth/verify-email', { token }, { token: null }).then(() => undefined);
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
