import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PROFILE_MESSAGES } from '../messages.js';
import { isoDate } from './common.js';

/** What every other user may see of a user. */
export const publicUser = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string().optional(),
    bio: z.string().nullable(),
    profile_pic: z.string().nullable(),
    followers_count: z.number().int(),
    following_count: z.number().int(),
    stories_count: z.number().int(),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

/** The signed-in user's own view of themselves. */
export const me = publicUser
  .extend({
    email: z.string(),
    email_verified: z.boolean(),
    has_password: z.boolean(),
    google_linked: z.boolean(),
    role: z
      .enum(['moderator', 'admin'])
      .nullable()
      .optional()
      .describe('Staff only: moderator or admin (docs/decisions/025-moderation.md)'),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof me>;

/** Embedded in story payloads. */
export const authorSummary = z
  .object({
    id: z.string(),
    username: z.string(),
    profile_pic: z
      .string()
      .nullable()
      .describe("null unless the author's profile is visible to the caller in full"),
  })
  .meta({ id: 'AuthorSummary' });
export type AuthorSummary = z.infer<typeof authorSummary>;

export const updateMeBody = z.object({
  bio: z.string().trim().max(LIMITS.bioMax, PROFILE_MESSAGES.bioMax).nullable().optional(),
  profile_pic: z.null({ message: PROFILE_MESSAGES.profilePicOnlyRemove }).optional(),
});
