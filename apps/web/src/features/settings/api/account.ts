import type { TokenResponse } from '@storyloom/shared';
import { ApiError, del, download, firstFieldError, post } from '../../../lib/api';

/** `POST /users/me/password`; answers a fresh token (every older session is signed out). */
export const changePassword = (oldPassword: string, newPassword: string) =>
  post<TokenResponse>('/users/me/password', {
    old_password: oldPassword,
    new_password: newPassword,
  });

/** `GET /users/me/export`: everything the user owns, as the server's JSON attachment. */
export const exportMyData = () => download('/users/me/export');

/** `DELETE /users/me`: the account and everything it owns. */
export const deleteAccount = () => del<null>('/users/me');

/** `POST /auth/logout-all`: revokes every session of the user on the server. */
export const signOutEverywhere = () => post<null>('/auth/logout-all');

/** `POST /auth/resend-verification`: mails the signed-in user a fresh verification link. */
export const resendVerification = () => post<null>('/auth/resend-verification');

/** The most specific message a failure carries: a field's message, else the envelope's. */
export function serverMessage(error: unknown, fields: string[] = []): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const field of fields) {
    const message = firstFieldError(error.details, field);
    if (message) return message;
  }
  return error.message || undefined;
}
