import { post } from '../../lib/api';

/** `POST /auth/logout-all`: revokes every session of the user on the server. */
export const signOutEverywhere = () => post<null>('/auth/logout-all');
