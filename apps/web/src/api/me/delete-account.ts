import { del } from '../../lib/api';

/** `DELETE /users/me`: the account and everything it owns. */
export const deleteAccount = () => del<null>('/users/me');
