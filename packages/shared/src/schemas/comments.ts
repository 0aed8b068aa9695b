import { z } from 'zod';
import { COMMENT_LIMITS, COMMENT_MESSAGES, COMMENT_SORTS } from '../messages-comments.js';
import { isoDate, pageQuery } from './common.js';

/**
 * Comments on chapters and on their paragraphs (issue 19, docs/decisions/021-comment-anchors.md).
 * A paragraph is named by its position in the chapter as it reads now, counted from 0.
 */

/** The writer of a comment; null once their account was deleted ("[deleted account]"). */
export const commentAuthor = z
  .object({
    id: z.string(),
    username: z.string(),
    profile_pic: z.string().nullable().describe('null when none, or hidden by their privacy'),
  })
  .meta({ id: 'CommentAuthor' });

export const comment = z
  .object({
    id: z.string(),
    chapter_id: z.string(),
    author: commentAuthor.nullable().describe('null for a deleted account or a deleted comment'),
    body: z.string().describe('Plain text with line breaks; empty when deleted'),
    paragraph: z
      .number()
      .int()
      .nullable()
      .describe('The paragraph (from 0) the comment is on; null for the chapter as a whole'),
    paragraph_removed: z
      .boolean()
      .describe('The paragraph it was on has since been deleted from the chapter'),
    paragraph_excerpt: z
      .string()
      .nullable()
      .describe('The start of the paragraph’s text when the comment was written'),
    parent_id: z.string().nullable(),
    replies_count: z.number().int(),
    likes_count: z.number().int(),
    is_liked: z.boolean().describe('false for visitors'),
    is_mine: z.boolean().describe('The caller wrote it'),
    can_delete: z.boolean().describe('The caller wrote it or wrote the story'),
    created_at: isoDate,
    edited_at: isoDate.nullable(),
    deleted: z.boolean().describe('A deleted comment kept as a placeholder for its replies'),
    hidden: z
      .object({ reason: z.string().nullable(), at: isoDate })
      .nullable()
      .optional()
      .describe(
        'Hidden by the moderators, with their reason; only its writer is shown such a comment',
      ),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof comment>;

/** A paragraph's position in a JSON body: a whole number from 0. */
const paragraphIndex = z
  .number({ error: COMMENT_MESSAGES.paragraphMissing })
  .int(COMMENT_MESSAGES.paragraphMissing)
  .min(0, COMMENT_MESSAGES.paragraphMissing)
  .max(1_000_000, COMMENT_MESSAGES.paragraphMissing);

/** The same in a query string: digits only (an empty or signed value is no paragraph). */
const paragraphParam = z
  .string()
  .regex(/^\d{1,7}$/, COMMENT_MESSAGES.paragraphMissing)
  .transform(Number);

export const commentListQuery = pageQuery.extend({
  sort: z.enum(COMMENT_SORTS).default('newest'),
  paragraph: paragraphParam
    .optional()
    .describe('Only this paragraph’s thread; without it, the chapter-level thread'),
});
export type CommentListQuery = z.infer<typeof commentListQuery>;

/** Whether the caller may write here, and why not: what the comment box shows. */
export const commentThread = z
  .object({
    items: z.array(comment),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    allow_comments: z.boolean().describe('The story takes new comments and replies'),
  })
  .meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof commentThread>;

export const commentCounts = z
  .object({
    paragraphs: z
      .array(z.object({ paragraph: z.number().int(), count: z.number().int() }))
      .describe('Paragraphs with at least one visible top-level comment, in order'),
    chapter: z.number().int().describe('Visible top-level comments on the chapter as a whole'),
  })
  .meta({ id: 'CommentCounts' });
export type CommentCounts = z.infer<typeof commentCounts>;

const commentBodyText = z
  .string({ error: COMMENT_MESSAGES.bodyRequired })
  .max(COMMENT_LIMITS.bodyMax * 2, COMMENT_MESSAGES.bodyMax)
  .describe(`Plain text, up to ${COMMENT_LIMITS.bodyMax} characters once trimmed`);

export const createCommentBody = z.object({
  body: commentBodyText,
  parent_id: z.string().max(100).nullish().describe('Reply to this top-level comment'),
  paragraph: paragraphIndex.nullish(),
  chapter_updated_at: isoDate
    .max(40)
    .optional()
    .describe(
      'The `updated_at` of the chapter the reader is looking at; with `paragraph`, a 409 when the chapter has been edited since',
    ),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const updateCommentBody = z.object({ body: commentBodyText });
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

export const commentLikeResult = z.object({
  liked: z.boolean(),
  likes_count: z.number().int(),
});
export type CommentLikeResult = z.infer<typeof commentLikeResult>;
