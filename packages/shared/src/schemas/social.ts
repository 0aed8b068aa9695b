import { z } from 'zod';
import { VISIBILITIES } from '../constants.js';
import { NOTIFICATION_TYPES } from '../messages-notifications.js';
import { isoDate } from './common.js';
import { userSettings } from './settings.js';
import { storySettings } from './stories.js';

/** `/users/{username}/…`: a username (any case) or a user id (clients look authors up by id too). */
export const usernameParams = z.object({ username: z.string().min(1).max(100) });
export const storyIdParams = z.object({ storyId: z.string().max(100) });

/**
 * The 96×96 version of a profile picture: uploads are stored as `…-lg.webp` (400×400) and
 * `…-sm.webp` (96×96), and payloads carry the large URL only.
 */
export const profilePicThumbOf = (url: string | null | undefined): string | null =>
  url ? url.replace(/-lg\.webp$/, '-sm.webp') : null;

/**
 * `GET /users/{username}`. When the owner's privacy settings hide the profile from the caller
 * (`restricted: true`) only `id`, `username` and the caller's own relation are present.
 */
export const profile = z
  .object({
    id: z.string(),
    username: z.string(),
    restricted: z.boolean().describe('true when privacy settings hide the rest from the caller'),
    is_me: z.boolean().describe('The caller is this user'),
    is_following: z.boolean().optional().describe('Signed-in callers other than the user'),
    is_blocked: z.boolean().optional().describe('The caller blocked this user (signed-in callers)'),
    is_muted: z.boolean().optional().describe('The caller muted this user (signed-in callers)'),
    email: z.string().optional().describe('The owner, or others when "show email" is on'),
    bio: z.string().nullable().optional(),
    profile_pic: z.string().nullable().optional(),
    followers_count: z.number().int().optional(),
    following_count: z.number().int().optional(),
    stories_count: z.number().int().optional().describe('Public stories'),
    total_reads: z.number().int().optional().describe('Reads of all public stories'),
    total_comments: z.number().int().optional().describe('Visible comments on all public stories'),
    created_at: isoDate.optional(),
    updated_at: isoDate.optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

/** An item of a followers/following list. */
export const userCard = z
  .object({
    id: z.string(),
    username: z.string(),
    restricted: z.boolean().describe('true when privacy settings hide the rest from the caller'),
    bio: z.string().nullable().optional(),
    profile_pic: z.string().nullable().optional(),
    followers_count: z.number().int().optional(),
    stories_count: z.number().int().optional(),
    is_following: z.boolean().optional().describe('Signed-in callers only'),
    followed_at: isoDate.describe('When this follow happened'),
  })
  .meta({ id: 'UserCard' });
export type UserCard = z.infer<typeof userCard>;

/** After follow/unfollow: the followed user's followers and the caller's own following count. */
export const followResult = z.object({
  following: z.boolean(),
  followers_count: z.number().int().describe("The other user's followers"),
  following_count: z.number().int().describe('How many users the caller follows'),
});
export type FollowResult = z.infer<typeof followResult>;

export const likeResult = z.object({ liked: z.boolean(), votes_count: z.number().int() });
export type LikeResult = z.infer<typeof likeResult>;

export const saveResult = z.object({ saved: z.boolean() });
export type SaveResult = z.infer<typeof saveResult>;

const exportStoryRef = z.object({
  story_id: z.string(),
  title: z.string().nullable().describe('null when the story is now private to its author'),
  author: z.string().nullable(),
});

/** `GET /users/me/export`: everything the user owns, as a JSON file. */
export const dataExport = z
  .object({
    product: z.string(),
    exported_at: isoDate,
    user: z.object({
      id: z.string(),
      username: z.string(),
      email: z.string(),
      email_verified: z.boolean(),
      bio: z.string().nullable(),
      profile_pic: z.string().nullable(),
      followers_count: z.number().int(),
      following_count: z.number().int(),
      stories_count: z.number().int(),
      created_at: isoDate,
      updated_at: isoDate,
    }),
    settings: userSettings,
    stories: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string(),
        genre: z.string(),
        tags: z.array(z.string()),
        visibility: z.enum(VISIBILITIES),
        cover_image: z.string().nullable(),
        reads_count: z.number().int(),
        votes_count: z.number().int(),
        comments_count: z.number().int(),
        settings: storySettings,
        published_at: isoDate.nullable(),
        created_at: isoDate,
        updated_at: isoDate,
        chapters: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            content: z.string(),
            order: z.number().int(),
            published: z.boolean(),
            word_count: z.number().int(),
            reads_count: z.number().int(),
            published_at: isoDate.nullable(),
            created_at: isoDate,
            updated_at: isoDate,
            deleted_at: isoDate
              .nullable()
              .describe('Set while the chapter is in "Recently deleted"'),
          }),
        ),
        deleted_at: isoDate.nullable().describe('Set while the story is in "Recently deleted"'),
      }),
    ),
    followers: z.array(z.object({ username: z.string(), followed_at: isoDate })),
    following: z.array(z.object({ username: z.string(), followed_at: isoDate })),
    likes: z.array(exportStoryRef.extend({ liked_at: isoDate })),
    saves: z.array(exportStoryRef.extend({ saved_at: isoDate })),
    reading_history: z.array(
      exportStoryRef.extend({
        chapter_id: z.string(),
        chapter_title: z.string().nullable(),
        read_at: isoDate,
      }),
    ),
    reading_progress: z.array(
      exportStoryRef.extend({
        chapter_id: z.string(),
        chapter_position: z.number().int(),
        updated_at: isoDate,
      }),
    ),
    comments: z.array(
      exportStoryRef.extend({
        id: z.string(),
        chapter_id: z.string(),
        parent_id: z.string().nullable(),
        paragraph_excerpt: z.string().nullable().describe('The passage a paragraph comment is on'),
        body: z.string(),
        created_at: isoDate,
        edited_at: isoDate.nullable(),
      }),
    ),
    blocks: z
      .array(z.object({ username: z.string(), blocked_at: isoDate }))
      .describe('Whom the user blocked'),
    mutes: z
      .array(z.object({ username: z.string(), muted_at: isoDate }))
      .describe('Whom the user muted'),
    reading_lists: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.string(),
          visibility: z.enum(['public', 'private']),
          created_at: isoDate,
          updated_at: isoDate,
          stories: z.array(exportStoryRef.extend({ added_at: isoDate })),
        }),
      )
      .describe("The user's reading lists in their order, each story in the list's order"),
    followed_lists: z
      .array(z.object({ list_id: z.string(), followed_at: isoDate }))
      .describe('The reading lists the user follows'),
    notifications: z.array(
      z.object({
        id: z.string(),
        type: z.enum(NOTIFICATION_TYPES),
        story_id: z.string().nullable(),
        chapter_id: z.string().nullable(),
        comment_id: z.string().nullable(),
        actors_count: z.number().int(),
        created_at: isoDate,
        updated_at: isoDate,
        read_at: isoDate.nullable(),
      }),
    ),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExport>;

/** The export's file name: `Storyloom_data_{username}_{timestamp}.json`. */
export const exportFileName = (product: string, username: string, at: Date): string =>
  `${product}_data_${username}_${at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.json`;

/** After `POST`/`DELETE /users/{username}/block`. */
export const blockResult = z.object({ blocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResult>;

/** After `POST`/`DELETE /users/{username}/mute`. */
export const muteResult = z.object({ muted: z.boolean() });
export type MuteResult = z.infer<typeof muteResult>;

/** An item of `GET /users/me/blocks` or `/users/me/mutes`, newest first. */
export const listedAccount = z
  .object({
    id: z.string(),
    username: z.string(),
    profile_pic: z
      .string()
      .nullable()
      .describe("null when the account's privacy settings hide it from the caller"),
    created_at: isoDate.describe('When it was blocked or muted'),
  })
  .meta({ id: 'ListedAccount' });
export type ListedAccount = z.infer<typeof listedAccount>;
