import { download } from '../../lib/api';

/** `GET /users/me/export`: everything the user owns, as the server's JSON attachment. */
export const exportMyData = () => download('/users/me/export');
