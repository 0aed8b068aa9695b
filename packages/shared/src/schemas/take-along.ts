import { z } from 'zod';
import { DOWNLOAD_FORMATS } from '../take-along.js';

/**
 * `GET /api/stories/{id}/download`'s query (decision 034). Apart from `take-along.ts` so that a
 * page using its formats and labels does not keep this call, and zod with it, in its bundle.
 */
export const downloadQuery = z.object({
  format: z.enum(DOWNLOAD_FORMATS, { message: 'Format must be epub or html' }).default('epub'),
});
