import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { SERIES_MESSAGES } from '../messages-series.js';
import { multiLine, singleLine } from '../messages-stories.js';
import { isoDate } from './common.js';
import { storyCard } from './stories.js';
import { authorSummary } from './users.js';

export const seriesTitleField = z
  .string({ message: SERIES_MESSAGES.titleRequired })
  .overwrite(singleLine)
  .min(1, SERIES_MESSAGES.titleRequired)
  .max(LIMITS.seriesTitleMax, SERIES_MESSAGES.titleMax);

export const seriesDescriptionField = z
  .string()
  .overwrite(multiLine)
  .max(LIMITS.seriesDescriptionMax, SERIES_MESSAGES.descriptionMax)
  .nullable()
  .transform((v) => v ?? '');

/** The parts in order: story ids, each once, at most LIMITS.storiesPerSeries. */
export const seriesStoryIds = z
  .array(z.string().max(100), { message: SERIES_MESSAGES.storiesInvalid })
  .max(LIMITS.storiesPerSeries, SERIES_MESSAGES.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, SERIES_MESSAGES.duplicate);

/** `POST /series`: a title, and optionally a description and its parts in order. */
export const createSeriesBody = z.object({
  title: seriesTitleField,
  description: seriesDescriptionField.optional().transform((v) => v ?? ''),
  story_ids: seriesStoryIds.optional().transform((v) => v ?? []),
});
export type CreateSeriesBody = z.infer<typeof createSeriesBody>;

/** `PATCH /series/{id}`: rename, or change the description. */
export const updateSeriesBody = z.object({
  title: seriesTitleField.optional(),
  description: seriesDescriptionField.optional(),
});
export type UpdateSeriesBody = z.infer<typeof updateSeriesBody>;

/** `PUT /series/{id}/stories`: the whole list of parts in order (adds, removes, reorders). */
export const seriesStoriesBody = z.object({ story_ids: seriesStoryIds });

/** `POST /series/{id}/stories`: one story added at `position` (1-based; default last). */
export const addSeriesStoryBody = z.object({
  story_id: z.string().max(100),
  position: z.number().int().min(1).max(LIMITS.storiesPerSeries).optional(),
});

export const seriesStoryParams = z.object({
  id: z.string().max(100),
  storyId: z.string().max(100),
});

export const seriesPart = z
  .object({
    part: z.number().int().describe('Its number in the series, as its author ordered it'),
    story: storyCard,
  })
  .meta({ id: 'SeriesPart' });
export type SeriesPart = z.infer<typeof seriesPart>;

export const series = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    author: authorSummary,
    parts: z
      .array(seriesPart)
      .describe('The parts the caller may see, in order (private ones only for the author)'),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof series>;
