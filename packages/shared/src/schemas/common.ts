import { z } from 'zod';
import { LIMITS } from '../constants.js';

/** Error codes the API answers with in `error.code`. */
export const ERROR_CODES = [
  'invalid_input',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'story_private',
  /** A Mature or Explicit story asked for as a file or feed by someone who may not take it. */
  'mature_content',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'reauth_required',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorEnvelope = z
  .object({
    success: z.literal(false),
    message: z.string(),
    error: z.object({
      code: z.enum(ERROR_CODES),
      details: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The success envelope around a payload schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
export type Envelope<T> = { success: true; data: T; message?: string };

/** `{items, total, page, limit}` around an item schema. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export type Paged<T> = { items: T[]; total: number; page: number; limit: number };

/**
 * A page whose total may be estimated rather than counted (a long filtered list, decision 038;
 * chapter-text results walked only as far as the page, decision 040): `total_estimated` then says
 * so, and the total is rounded to two significant figures.
 */
export function estimatedPage<T extends z.ZodType>(item: T) {
  return paged(item).extend({
    total_estimated: z
      .literal(true)
      .optional()
      .describe('Set when `total` is an estimate, to two significant figures'),
  });
}
export type EstimatedPage<T> = Paged<T> & { total_estimated?: true };

/** Query parameters of every paged list; `limit` is capped server-side. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const uuid = z.string().uuid();
export const isoDate = z.string().describe('ISO-8601 UTC timestamp');

export const healthResponse = envelope(z.object({ status: z.literal('ok') }));
