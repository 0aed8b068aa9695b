import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { LIST_MESSAGES } from '../messages-lists.js';
import { multiLine, singleLine } from '../messages-stories.js';
import { isoDate, paged } from './common.js';
import { story } from './stories.js';
import { authorSummary } from './users.js';

export const LIST_VISIBILITIES = ['public', 'private'] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];

export const listNameField = z
  .string({ message: LIST_MESSAGES.nameRequired })
  .overwrite(singleLine)
  .min(1, LIST_MESSAGES.nameRequired)
  .max(LIMITS.listNameMax, LIST_MESSAGES.nameMax);

export const listDescriptionField = z
  .string()
  .overwrite(multiLine)
  .max(LIMITS.listDescriptionMax, LIST_MESSAGES.descriptionMax)
  .nullable()
  .transform((v) => v ?? '');

const listVisibilityField = z.enum(LIST_VISIBILITIES, { message: LIST_MESSAGES.visibilityInvalid });

/** `POST /lists`: a name, and optionally a description and whether others may see it. */
export const createListBody = z.object({
  name: listNameField,
  description: listDescriptionField.optional().transform((v) => v ?? ''),
  visibility: listVisibilityField.default('public'),
});
export type CreateListBody = z.infer<typeof createListBody>;

/** `PATCH /lists/{id}`: rename, describe, make public or private. */
export const updateListBody = z.object({
  name: listNameField.optional(),
  description: listDescriptionField.optional(),
  visibility: listVisibilityField.optional(),
});
export type UpdateListBody = z.infer<typeof updateListBody>;

/** `POST /lists/{id}/stories`: one story, added at the end. */
export const addListStoryBody = z.object({ story_id: z.string().max(100) });

/** `PATCH /lists/{id}/stories/{storyId}`: move it just before or just after another entry. */
export const moveListStoryBody = z
  .object({
    before: z.string().max(100).optional(),
    after: z.string().max(100).optional(),
  })
  .refine((b) => (b.before === undefined) !== (b.after === undefined), {
    message: LIST_MESSAGES.moveTarget,
    path: ['before'],
  });
export type MoveListStoryBody = z.infer<typeof moveListStoryBody>;

/** `PUT /users/me/lists/order`: every one of the caller's lists, in the order wanted. */
export const listOrderBody = z.object({
  list_ids: z
    .array(z.string().max(100), { message: LIST_MESSAGES.orderInvalid })
    .max(LIMITS.listsPerUser, LIST_MESSAGES.orderInvalid),
});

export const listStoryParams = z.object({
  id: z.string().max(100),
  storyId: z.string().max(100),
});

/** `GET /users/me/lists?story_id=`: with it, each list says whether it holds that story. */
export const myListsQuery = z.object({ story_id: z.string().max(100).optional() });

export const readingList = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(LIST_VISIBILITIES),
    owner: authorSummary,
    stories_count: z
      .number()
      .int()
      .describe('Stories in the list the caller may see (others are kept, not shown)'),
    hidden_count: z
      .number()
      .int()
      .optional()
      .describe(
        'Owner only: stories kept in the list that are not shown now (private, hidden, deleted, muted)',
      ),
    followers_count: z.number().int(),
    is_following: z.boolean().optional().describe('Signed-in callers: whether they follow it'),
    preview: z
      .array(
        z.object({
          id: z.string(),
          title: z.string(),
          genre: z.string(),
          cover_thumb: z.string().nullable(),
        }),
      )
      .describe('The first few stories the caller may see, for the list card'),
    has_story: z.boolean().optional().describe('With `story_id`: whether the list holds it'),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'ReadingList' });
export type ReadingList = z.infer<typeof readingList>;

export const listStoriesPage = paged(story);

/** After `POST`/`DELETE /lists/{id}/follow`. */
export const listFollowResult = z.object({
  following: z.boolean(),
  followers_count: z.number().int(),
});
export type ListFollowResult = z.infer<typeof listFollowResult>;

/** After adding or removing a story. */
export const listMembership = z.object({
  list_id: z.string(),
  story_id: z.string(),
  in_list: z.boolean(),
});
export type ListMembership = z.infer<typeof listMembership>;
