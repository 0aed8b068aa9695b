import { del } from '../../lib/api';

/**
 * `DELETE /users/me/sessions/{id}`: signs that device out; its tokens stop working at once.
 * Ending the caller's own session is allowed (the caller then signs out here too).
 */
export const endSession = (id: string) => del<null>(`/users/me/sessions/${encodeURIComponent(id)}`);
