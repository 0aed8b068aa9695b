import type { UnsubscribeState } from '@storyloom/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';

// Anonymous on purpose: the link's token says whose emails, whoever is signed in here.
const options = (token: string) => ({ query: { token }, token: null });

/** `GET /notifications/unsubscribe?token`: what the link turns off, changing nothing. */
export const useUnsubscribeState = (token: string | null) =>
  useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => get<UnsubscribeState>('/notifications/unsubscribe', options(token!)),
    enabled: token !== null,
    retry: false,
  });

/** `POST /notifications/unsubscribe?token`: turns that switch off. */
export const useUnsubscribe = (token: string) =>
  useMutation({
    mutationFn: () =>
      post<UnsubscribeState>('/notifications/unsubscribe', undefined, options(token)),
  });
