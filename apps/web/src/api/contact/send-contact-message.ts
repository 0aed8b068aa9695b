import type { ContactBody, ContactReceipt } from '@storyloom/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../lib/api';

/** `POST /contact`: a message for the site's staff; signed in or not. */
export const sendContactMessage = (body: ContactBody) => post<ContactReceipt>('/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
